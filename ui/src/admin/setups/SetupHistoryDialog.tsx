// An item's history: every change, oldest first, with who, when and why, and the name and description it then had.
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { SetupHistoryRow, SetupItemRow, SetupKind } from '@binaan/contracts';
import { formatDateTime } from '../../shared/i18n/dates.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { setupHistory } from './setups-api.js';

export function SetupHistoryDialog({ kind, item, onClose }: { kind: SetupKind; item: SetupItemRow | null; onClose: () => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`setups.${key}`, options);
  const titleId = useId();
  const [rows, setRows] = useState<SetupHistoryRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    setRows(null);
    setFailed(null);
    if (item) setupHistory(kind, item.id).then(setRows, (error: unknown) => setFailed(errorCodeOf(error)));
  }, [kind, item]);
  return (
    <Dialog open={item !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId} data-testid="setup-history-dialog">
      <DialogTitle id={titleId}>{t('historyOf', { name: item?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows && (
          <List dense aria-label={t('historyOf', { name: item?.name ?? '' })}>
            {rows.map((row, index) => {
              const name = typeof row.changes.name === 'string' ? row.changes.name : null;
              return (
                <ListItem key={index} divider data-testid="setup-history-row">
                  <ListItemText
                    primary={`${t(`events.${row.type}`, { _: row.type })}${name ? `: ${name}` : ''}`}
                    secondary={[formatDateTime(row.at), row.by ?? t('someone'), row.reason ? t('because', { reason: row.reason }) : null]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

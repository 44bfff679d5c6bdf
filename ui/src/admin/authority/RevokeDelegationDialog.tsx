// Revoking a grant before its end: one dialog naming the grant, the reason asked there (the api requires one),
// Revoke disabled without it; a refusal (ended or revoked meanwhile) stays in the dialog in the user's words.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField, Typography } from '@mui/material';
import type { DelegationView } from '@binaan/contracts';
import { errorCodeOf } from '../providers/admin-request.js';
import { authorityApi } from './authority-api.js';

type Props = { grant: DelegationView | null; onClose: () => void; onDone: () => void };

export function RevokeDelegationDialog({ grant, onClose, onDone }: Props) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`authority.delegations.${key}`, options);
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setReason('');
    setFailed(null);
  }, [grant]);
  const revoke = async () => {
    if (!grant || reason.trim() === '') return;
    setSaving(true);
    try {
      await authorityApi.revokeDelegation(grant.id, reason.trim());
      onDone();
    } catch (error) {
      setFailed(errorCodeOf(error));
    } finally {
      setSaving(false);
    }
  };
  const names = grant ? { from: grant.fromUser.name ?? t('unknownPerson'), to: grant.toUser.name ?? t('unknownPerson') } : null;
  return (
    <Dialog open={grant !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="revoke-title" aria-describedby="revoke-text">
      <DialogTitle id="revoke-title">{t('revokeTitle')}</DialogTitle>
      <DialogContent>
        {names && <DialogContentText id="revoke-text">{t('revokeText', names)}</DialogContentText>}
        <TextField
          autoFocus
          fullWidth
          required
          multiline
          minRows={2}
          margin="dense"
          label={t('revokeReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'revoke-reason' } }}
        />
        {failed && (
          <Typography color="error" role="alert" sx={{ mt: 1 }} data-testid="revoke-failed">
            {translate(`error.${failed}`, { _: translate('error.unknownError') })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('goBack')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={saving || reason.trim() === ''}
          onClick={() => void revoke()}
          data-testid="revoke-confirm"
        >
          {t('revoke')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

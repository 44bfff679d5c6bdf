// Authority manuals: per process (resource), the approval levels and their RM limits, self-approval, and a
// version that goes up on every change (a stale version is 409).
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { DocumentResources, type AuthorityManualView, type VerifyLevel } from '@binaan/contracts';
import { resourceLabel } from '../catalogue/labels.js';
import { formatDateTime, formatMoney } from '../format.js';
import { errorCodeOf, isConflict } from '../providers/admin-request.js';
import { authorityApi, VERIFY_LEVELS } from './authority-api.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';

type Draft = {
  resource: string;
  label: string;
  note: string;
  levels: { level: VerifyLevel; limit: string }[];
  allowSelfApproval: boolean;
  expectedVersion?: number;
};

export function ManualsCard({ manuals, canEdit, onChanged }: { manuals: AuthorityManualView[]; canEdit: boolean; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const level = (l: number) => translate(`admin.levels.${l}`, { _: String(l) });
  const edit = (m?: AuthorityManualView) =>
    setDraft(
      m
        ? {
            resource: m.resource,
            label: m.label,
            note: m.note,
            levels: m.levels.map((l) => ({ level: l.level, limit: l.limit ?? '' })),
            allowSelfApproval: m.allowSelfApproval,
            expectedVersion: m.version,
          }
        : { resource: 'purchaseOrder', label: '', note: '', levels: [{ level: 20, limit: '' }], allowSelfApproval: false },
    );
  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await authorityApi.saveManual(draft.resource, {
        label: draft.label,
        note: draft.note,
        allowSelfApproval: draft.allowSelfApproval,
        levels: draft.levels.map((l) => ({ level: l.level, limit: l.limit.trim() === '' ? null : l.limit.trim() })),
        ...(draft.expectedVersion !== undefined ? { expectedVersion: draft.expectedVersion } : {}),
      });
      notify('admin.authority.saved', { type: 'success' });
      setDraft(null);
      onChanged();
    } catch (error) {
      notify(isConflict(error) ? 'admin.actions.someoneElseFirst' : `error.${errorCodeOf(error)}`, { type: 'error' });
      if (isConflict(error)) onChanged();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card data-testid="manuals">
      <CardContent>
        <Stack sx={{ alignItems: 'center', justifyContent: 'space-between' }} direction="row">
          <Typography variant="h6">{translate('admin.authority.manuals')}</Typography>
          {canEdit && <Button onClick={() => edit()}>{translate('admin.authority.newManual')}</Button>}
        </Stack>
        <ScrollRegion label={translate('admin.authority.manuals')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.authority.process')}</TableCell>
                <TableCell>{translate('admin.authority.label')}</TableCell>
                <TableCell>{translate('admin.authority.levelsAndLimits')}</TableCell>
                <TableCell>{translate('admin.authority.version')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {manuals.map((m) => (
                <TableRow key={m.resource} data-testid={`manual-${m.resource}`}>
                  <TableCell>{resourceLabel(translate, m.resource, false)}</TableCell>
                  <TableCell>{m.label}</TableCell>
                  <TableCell>
                    {m.levels
                      .map((l) => `${level(l.level)} ≤ ${l.limit ? formatMoney(l.limit) : translate('admin.authority.noLimit')}`)
                      .join(' · ')}
                  </TableCell>
                  <TableCell>
                    v{m.version} · {formatDateTime(m.updatedAt)}
                  </TableCell>
                  <TableCell>
                    {canEdit && (
                      <Button size="small" onClick={() => edit(m)}>
                        {translate('ra.action.edit')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </CardContent>
      <Dialog open={draft !== null} onClose={() => setDraft(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('admin.authority.manual')}</DialogTitle>
        {draft && (
          <DialogContent>
            <TextField
              select
              fullWidth
              margin="dense"
              label={translate('admin.authority.process')}
              value={draft.resource}
              disabled={draft.expectedVersion !== undefined}
              onChange={(e) => setDraft({ ...draft, resource: e.target.value })}
            >
              {DocumentResources.map((r) => (
                <MenuItem key={r} value={r}>
                  {resourceLabel(translate, r, false)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth
              margin="dense"
              label={translate('admin.authority.label')}
              value={draft.label}
              onChange={(e) => setDraft({ ...draft, label: e.target.value })}
              required
            />
            <TextField
              fullWidth
              margin="dense"
              label={translate('admin.authority.note')}
              value={draft.note}
              onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            />
            {draft.levels.map((l, i) => (
              <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1} key={i}>
                <Typography sx={{ width: 160 }}>{level(l.level)}</Typography>
                <TextField
                  size="small"
                  margin="dense"
                  label={translate('admin.authority.limit')}
                  value={l.limit}
                  helperText={translate('admin.authority.limitHelp')}
                  onChange={(e) =>
                    setDraft({ ...draft, levels: draft.levels.map((x, j) => (j === i ? { ...x, limit: e.target.value } : x)) })
                  }
                />
                {i === draft.levels.length - 1 && i > 0 && (
                  <IconButton onClick={() => setDraft({ ...draft, levels: draft.levels.slice(0, -1) })}>
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
            ))}
            {draft.levels.length < VERIFY_LEVELS.length && (
              <Button
                onClick={() => setDraft({ ...draft, levels: [...draft.levels, { level: VERIFY_LEVELS[draft.levels.length]!, limit: '' }] })}
              >
                {translate('admin.authority.addLevel')}
              </Button>
            )}
            <FormControlLabel
              control={
                <Checkbox checked={draft.allowSelfApproval} onChange={(e) => setDraft({ ...draft, allowSelfApproval: e.target.checked })} />
              }
              label={translate('admin.authority.allowSelfApproval')}
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setDraft(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={saving || !draft?.label} onClick={() => void save()}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

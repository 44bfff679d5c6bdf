// The document's workflow buttons, exactly its `availableActions` for this user (the api asks the machine),
// labelled from the catalogue's keys. An action that needs a remark (or an amount) asks for it first. A
// button is disabled while its call is under way; a 409 means someone else acted first: the page reloads
// and says so.
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import type { DocumentAvailableAction } from '@binaan/contracts';
import { actionLabel } from '../catalogue/labels.js';
import { adminJson, errorCodeOf, isConflict } from '../providers/admin-request.js';

/** `itemised`: the api takes the amount from the document's total (asking for it would only risk amountMismatch). */
export type ActionTarget = { resource: string; id: string; revision: number; total?: string | null; itemised?: boolean };

const NEGATIVE = /^(Reject|Cancel|Terminate|Suspend|Deactivate|Hold)/;

export function ActionButtonsView({ actions, resource, busy, onAction }: {
  actions: readonly Pick<DocumentAvailableAction, 'event' | 'requiredFields'>[]; resource: string; busy: boolean; onAction: (event: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap data-testid="document-actions">
      {actions.map((action) => (
        <Button key={action.event} variant={NEGATIVE.test(action.event) ? 'outlined' : 'contained'} color={NEGATIVE.test(action.event) ? 'error' : 'primary'}
          disabled={busy} onClick={() => onAction(action.event)} data-testid={`action-${action.event}`}>
          {actionLabel(translate, resource, action.event)}
        </Button>
      ))}
    </Stack>
  );
}

export function ActionButtons({ target, actions, onDone }: { target: ActionTarget; actions: readonly DocumentAvailableAction[]; onDone?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<DocumentAvailableAction | null>(null);
  const [remark, setRemark] = useState('');
  const [amount, setAmount] = useState('');

  const send = async (action: DocumentAvailableAction, body: { remark?: string; amount?: string }) => {
    setBusy(true);
    try {
      await adminJson(`/api/documents/${target.resource}/${encodeURIComponent(target.id)}/actions/${action.event}`, {
        body,
        headers: { 'If-Match': `"${target.revision}"`, 'Idempotency-Key': crypto.randomUUID() },
      });
      notify('admin.actions.done', { type: 'success', messageArgs: { action: actionLabel(translate, target.resource, action.event) } });
    } catch (error) {
      notify(isConflict(error) ? 'admin.actions.someoneElseFirst' : `error.${errorCodeOf(error)}`, { type: isConflict(error) ? 'warning' : 'error' });
    } finally {
      setBusy(false);
      setAsking(null);
      refresh();
      onDone?.();
    }
  };
  const start = (event: string) => {
    const action = actions.find((a) => a.event === event);
    if (!action) return;
    const asksAmount = action.requiredFields.includes('amount') && !target.itemised;
    if (action.requiredFields.includes('remark') || asksAmount) {
      setRemark('');
      setAmount(target.total ?? '');
      setAsking(action);
    } else void send(action, {});
  };
  const needsRemark = asking?.requiredFields.includes('remark') ?? false;
  const needsAmount = (asking?.requiredFields.includes('amount') ?? false) && !target.itemised;
  return (
    <>
      <ActionButtonsView actions={actions} resource={target.resource} busy={busy} onAction={start} />
      <Dialog open={asking !== null} onClose={() => !busy && setAsking(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{asking ? actionLabel(translate, target.resource, asking.event) : ''}</DialogTitle>
        <DialogContent>
          {needsRemark && (
            <TextField autoFocus fullWidth multiline minRows={3} margin="dense" label={translate('admin.fields.remark')} value={remark}
              onChange={(e) => setRemark(e.target.value)} required helperText={translate('admin.actions.remarkRequired')} slotProps={{ htmlInput: { 'data-testid': 'remark-input' } }} />
          )}
          {needsAmount && (
            <TextField fullWidth margin="dense" label={translate('admin.fields.amount')} value={amount} onChange={(e) => setAmount(e.target.value)}
              helperText={translate('admin.actions.amountHelp')} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)} disabled={busy}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={busy || (needsRemark && remark.trim() === '')} data-testid="action-confirm"
            onClick={() => asking && void send(asking, { ...(needsRemark ? { remark: remark.trim() } : {}), ...(needsAmount && amount ? { amount } : {}) })}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

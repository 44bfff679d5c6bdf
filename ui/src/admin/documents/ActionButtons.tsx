// The document's workflow buttons, exactly its `availableActions` for this user (the api asks the machine),
// labelled from the catalogue's keys. An irreversible action asks for confirmation (naming the document and
// the effect), and one that needs a remark (or an amount) asks for it in the same dialog. A
// button is disabled while its call is under way; a 409 means someone else acted first: the page reloads
// and says so.
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import type { DocumentAvailableAction } from '@binaan/contracts';
import { actionLabel } from '../catalogue/labels.js';
import { adminJson, errorCodeOf, isConflict } from '../providers/admin-request.js';
import { confirmationFamily, needsDialog } from './action-confirmation.js';
import { ConfirmActionDialog } from './ConfirmActionDialog.js';

/** `itemised`: the api takes the amount from the document's total (asking for it would only risk amountMismatch). */
export type ActionTarget = {
  resource: string;
  id: string;
  documentNo?: string | null;
  revision: number;
  total?: string | null;
  itemised?: boolean;
};

export const NEGATIVE = /^(Reject|Cancel|Terminate|Suspend|Deactivate|Hold)/;

export function ActionButtonsView({
  actions,
  resource,
  busy,
  onAction,
}: {
  actions: readonly Pick<DocumentAvailableAction, 'event' | 'requiredFields'>[];
  resource: string;
  busy: boolean;
  onAction: (event: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={1} useFlexGap data-testid="document-actions">
      {actions.map((action) => (
        <Button
          key={action.event}
          variant={NEGATIVE.test(action.event) ? 'outlined' : 'contained'}
          color={NEGATIVE.test(action.event) ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => onAction(action.event)}
          data-testid={`action-${action.event}`}
        >
          {actionLabel(translate, resource, action.event)}
        </Button>
      ))}
    </Stack>
  );
}

export function ActionButtons({
  target,
  actions,
  onDone,
}: {
  target: ActionTarget;
  actions: readonly DocumentAvailableAction[];
  onDone?: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<DocumentAvailableAction | null>(null);

  const send = async (action: DocumentAvailableAction, body: { remark?: string; amount?: string }) => {
    setBusy(true);
    try {
      await adminJson(`/api/documents/${target.resource}/${encodeURIComponent(target.id)}/actions/${action.event}`, {
        body,
        headers: { 'If-Match': `"${target.revision}"`, 'Idempotency-Key': crypto.randomUUID() },
      });
      notify('admin.actions.done', { type: 'success', messageArgs: { action: actionLabel(translate, target.resource, action.event) } });
    } catch (error) {
      notify(isConflict(error) ? 'admin.actions.someoneElseFirst' : `error.${errorCodeOf(error)}`, {
        type: isConflict(error) ? 'warning' : 'error',
      });
    } finally {
      setBusy(false);
      setAsking(null);
      refresh();
      onDone?.();
    }
  };
  const asks = (action: DocumentAvailableAction) => ({
    remark: action.requiredFields.includes('remark'),
    amount: action.requiredFields.includes('amount') && !target.itemised,
  });
  const start = (event: string) => {
    const action = actions.find((a) => a.event === event);
    if (!action) return;
    if (needsDialog(action.event, asks(action))) setAsking(action);
    else void send(action, {});
  };
  const asked = asking ? asks(asking) : { remark: false, amount: false };
  const label = asking ? actionLabel(translate, target.resource, asking.event) : '';
  const family = asking ? confirmationFamily(asking.event) : null;
  const documentName = target.documentNo ?? target.id;
  return (
    <>
      <ActionButtonsView actions={actions} resource={target.resource} busy={busy} onAction={start} />
      <ConfirmActionDialog
        open={asking !== null}
        busy={busy}
        title={translate('admin.confirm.title', { action: label, document: documentName })}
        documents={[documentName]}
        effect={translate(`admin.confirm.effect.${family ?? 'other'}`, { count: 1 })}
        askRemark={asked.remark}
        askAmount={asked.amount}
        initialAmount={target.total ?? ''}
        confirmLabel={label}
        danger={asking ? NEGATIVE.test(asking.event) : false}
        onCancel={() => setAsking(null)}
        onConfirm={({ remark, amount }) =>
          asking && void send(asking, { ...(asked.remark ? { remark } : {}), ...(asked.amount && amount ? { amount } : {}) })
        }
      />
    </>
  );
}

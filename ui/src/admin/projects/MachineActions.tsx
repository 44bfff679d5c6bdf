// The buttons of one machine on the project page (the project's own, a member's, a stage's): exactly the
// `availableActions` the api offers this user, the same confirmation and remark dialog as documents, the
// project's revision as If-Match (a 409 means someone acted first: the page reloads and says so).
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ProjectAction } from '@binaan/contracts';
import { actionLabel } from '../catalogue/labels.js';
import { ActionButtonsView, NEGATIVE } from '../documents/ActionButtons.js';
import { confirmationFamily, needsDialog } from '../documents/action-confirmation.js';
import { ConfirmActionDialog } from '../documents/ConfirmActionDialog.js';
import { adminJson, errorCodeOf, isConflict } from '../providers/admin-request.js';

export function MachineActions({
  resource,
  path,
  name,
  revision,
  actions,
  onDone,
  disabled = false,
}: {
  resource: 'project' | 'projectMember' | 'projectStage' | 'billOfQuantity' | 'ongoingBudget' | 'progressPlanning';
  path: string;
  name: string;
  revision: number;
  actions: readonly ProjectAction[];
  onDone: () => void;
  /** While the page has changes still being saved (the BQ editor): the revision is not the latest yet. */
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<ProjectAction | null>(null);
  const send = async (action: ProjectAction, remark: string | null) => {
    setBusy(true);
    try {
      await adminJson(`${path}/actions/${action.event}`, {
        body: remark === null ? {} : { remark },
        headers: { 'If-Match': `"${revision}"` },
      });
      notify('admin.actions.done', { type: 'success', messageArgs: { action: actionLabel(translate, resource, action.event) } });
    } catch (error) {
      notify(
        isConflict(error) && errorCodeOf(error) === 'wrongExpectedRevision'
          ? 'admin.actions.someoneElseFirst'
          : `error.${errorCodeOf(error)}`,
        { type: 'error' },
      );
    } finally {
      setBusy(false);
      setAsking(null);
      onDone();
    }
  };
  const start = (event: string) => {
    const action = actions.find((a) => a.event === event);
    if (!action) return;
    if (needsDialog(action.event, { remark: action.requiredFields.includes('remark'), amount: false })) setAsking(action);
    else void send(action, null);
  };
  const label = asking ? actionLabel(translate, resource, asking.event) : '';
  const askRemark = asking?.requiredFields.includes('remark') ?? false;
  return (
    <>
      <ActionButtonsView actions={actions} resource={resource} busy={busy || disabled} onAction={start} />
      <ConfirmActionDialog
        open={asking !== null}
        busy={busy}
        title={translate('admin.confirm.title', { action: label, document: name })}
        documents={[name]}
        effect={translate(`admin.confirm.effect.${(asking && confirmationFamily(asking.event)) ?? 'other'}`, { count: 1 })}
        askRemark={askRemark}
        confirmLabel={label}
        danger={asking ? NEGATIVE.test(asking.event) : false}
        onCancel={() => setAsking(null)}
        onConfirm={({ remark }) => asking && void send(asking, askRemark ? remark : null)}
      />
    </>
  );
}

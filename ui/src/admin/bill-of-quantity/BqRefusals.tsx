// The changes the server refused, shown where the user made them (above the rows), each named with why in
// the user's language, until dismissed. The rows themselves are already back as the server has them (the
// sync reads the BQ again after a refusal); this says that what the user typed or clicked was not kept.
import { useTranslate } from 'react-admin';
import { Alert, AlertTitle, Button, List, ListItem } from '@mui/material';
import type { BqModel } from './bq-model.js';
import type { BqOp } from './bq-ops.js';
import type { BqRefusal } from './use-bq-editor.js';

type Translate = ReturnType<typeof useTranslate>;

/** The codes the BQ has words of its own for: why the user may not change it, and what to do. */
const READ_ONLY_CODES = new Set(['noAuthority', 'noAccessRight', 'bqNotEditable']);

/** Why the BQ cannot be changed by this user now (the view's readOnlyBecause). */
export function readOnlyText(translate: Translate, code: string): string {
  return READ_ONLY_CODES.has(code)
    ? translate(`admin.bq.readOnlyBecause.${code}`)
    : translate(`error.${code}`, { _: translate('error.unknownError') });
}

function reasonText(translate: Translate, code: string): string {
  if (code === 'wrongExpectedRevision') return translate('admin.bq.refused.conflict');
  return readOnlyText(translate, code);
}

/** What the change was, in words: the tab's name or the row's title where there is one. */
export function describeOp(translate: Translate, op: BqOp, model: BqModel): string {
  if (op.kind === 'addTab' || op.kind === 'renameTab') return translate(`admin.bq.refused.op.${op.kind}`, { name: op.name });
  if (op.kind === 'removeTab') return translate('admin.bq.refused.op.removeTab', { name: model.tabs.get(op.tabId)?.name ?? '' });
  if (op.kind === 'import') return translate('admin.bq.refused.op.import', { count: op.rows.length });
  const title = op.kind === 'add' ? (op.fields.title ?? '') : (model.nodes.get(op.id)?.title ?? '');
  return translate(`admin.bq.refused.op.${op.kind}`, { title: title.trim() === '' ? translate('admin.bq.untitled') : title });
}

export function BqRefusals({ refusals, model, onDismiss }: { refusals: readonly BqRefusal[]; model: BqModel; onDismiss: () => void }) {
  const translate = useTranslate();
  if (refusals.length === 0) return null;
  return (
    <Alert
      severity="error"
      sx={{ my: 1 }}
      data-testid="bq-refusals"
      action={
        <Button color="inherit" size="small" onClick={onDismiss} data-testid="bq-refusals-dismiss">
          {translate('admin.bq.refused.dismiss')}
        </Button>
      }
    >
      <AlertTitle>{translate('admin.bq.refused.title', { count: refusals.length })}</AlertTitle>
      <List dense disablePadding>
        {refusals.map((refusal, index) => (
          <ListItem key={index} disableGutters sx={{ display: 'list-item' }} data-testid="bq-refusal" data-code={refusal.code}>
            {translate('admin.bq.refused.line', {
              what: describeOp(translate, refusal.op, model),
              reason: reasonText(translate, refusal.code),
            })}
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

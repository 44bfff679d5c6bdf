// Bulk approve (or confirm, accept, certify) on a list selection: one call with each selected document's
// revision, after a dialog that lists the documents and says what the action does; the api puts each through
// the machine and answers per row, which a dialog shows.
import { useState } from 'react';
import { useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { MAX_ITEMS_PER_SELECTION } from '@binaan/contracts';
import { actionLabel, statusLabel } from '../catalogue/labels.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { confirmationFamily } from './action-confirmation.js';
import { NEGATIVE } from './ActionButtons.js';
import { ConfirmActionDialog } from './ConfirmActionDialog.js';

type Result = { id: string; ok: boolean; status?: string; revision?: number; httpStatus?: number; errorCode?: string };
type Row = { id: string; documentNo?: string; revision?: number };

export function BulkDecisionButton({ resource, event }: { resource: string; event: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const { selectedIds, data } = useListContext<Row>();
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The numbers as selected: the list reloads after the call and may no longer show the rows.
  const [numbers, setNumbers] = useState<Record<string, string>>({});
  const rows = (data ?? []).filter((r) => selectedIds.includes(r.id));
  const tooMany = selectedIds.length > MAX_ITEMS_PER_SELECTION;

  const send = async () => {
    setConfirming(false);
    setSending(true);
    setNumbers(Object.fromEntries(rows.map((r) => [r.id, r.documentNo ?? r.id])));
    try {
      const reply = await adminJson<{ results: Result[] }>(`/api/documents/${resource}/actions/${event}`, {
        body: { items: rows.map((r) => ({ id: r.id, revision: r.revision ?? 0 })) },
      });
      setResults(reply.results);
      refresh();
    } catch (error) {
      notify(`error.${errorCodeOf(error)}`, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  const label = actionLabel(translate, resource, event);
  const numberOf = (id: string) => numbers[id] ?? id;
  const close = () => {
    setResults(null);
    unselectAll();
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<DoneAllIcon />}
        disabled={sending || tooMany}
        onClick={() => setConfirming(true)}
        data-testid={`bulk-${event}`}
        title={tooMany ? translate('error.tooManyItemsSelected') : undefined}
      >
        {actionLabel(translate, resource, event)} ({selectedIds.length})
      </Button>
      <ConfirmActionDialog
        open={confirming}
        busy={sending}
        title={translate('admin.confirm.titleMany', { action: label, count: rows.length })}
        documents={rows.map((r) => r.documentNo ?? r.id)}
        effect={translate(`admin.confirm.effect.${confirmationFamily(event) ?? 'other'}`, { count: rows.length })}
        askRemark={false}
        confirmLabel={label}
        danger={NEGATIVE.test(event)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
      <Dialog open={results !== null} onClose={close} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('admin.bulk.resultsTitle', { action: actionLabel(translate, resource, event) })}</DialogTitle>
        <DialogContent>
          <Table size="small" data-testid="bulk-results">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.fields.documentNo')}</TableCell>
                <TableCell>{translate('admin.bulk.result')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results?.map((r) => (
                <TableRow key={r.id} data-ok={r.ok}>
                  <TableCell>{numberOf(r.id)}</TableCell>
                  <TableCell sx={{ color: r.ok ? 'success.main' : 'error.main' }}>
                    {r.ok
                      ? `✓ ${statusLabel(translate, resource, r.status)}`
                      : `✗ ${translate(`error.${r.errorCode ?? 'unknownError'}`, { _: r.errorCode ?? '' })}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

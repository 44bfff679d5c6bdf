// The document's timeline (GET .../history): who (and for which company), when, the action, what it did to
// the status (history-line.ts), remark, approval level, and a check mark where the hash chain verifies. A button asks
// the api to verify the whole chain again (GET /api/audit/verify); another downloads the auditor bundle (GET
// /api/audit/bundle: the events with inclusion proofs into the signed log) for `npm run verify-history`.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import type { ChainVerificationReply, DocumentHistoryRow } from '@binaan/contracts';
import { actionLabel } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { downloadFile } from '../providers/download-file.js';
import { historyChange } from './history-line.js';

export function useHistory(resource: string, id: string, revision: number): DocumentHistoryRow[] | null {
  const [rows, setRows] = useState<DocumentHistoryRow[] | null>(null);
  useEffect(() => {
    if (!id) return; // the page has no document yet (first load): nothing to ask for
    let live = true;
    adminJson<DocumentHistoryRow[]>(`/api/documents/${resource}/${encodeURIComponent(id)}/history`).then(
      (r) => live && setRows(r),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [resource, id, revision]);
  return rows;
}

/** "Revision 3": the one label of a revision, in the history and in the replay alike. */
export function revisionLabel(translate: ReturnType<typeof useTranslate>, revision: number): string {
  return translate('admin.history.revisionLabel', { revision });
}

export function historyActionLabel(
  translate: ReturnType<typeof useTranslate>,
  resource: string,
  row: Pick<DocumentHistoryRow, 'action'>,
): string {
  return row.action === 'Draft' || row.action === 'Edit'
    ? translate(`admin.history.${row.action}`)
    : actionLabel(translate, resource, row.action);
}

export function HistoryTimeline({ resource, id, rows }: { resource: string; id: string; rows: DocumentHistoryRow[] | null }) {
  const translate = useTranslate();
  const [verification, setVerification] = useState<ChainVerificationReply | { error: string } | null>(null);
  const [bundle, setBundle] = useState<{ saved: string } | { error: string } | null>(null);
  const downloadBundle = () => {
    setBundle(null);
    downloadFile(`/api/audit/bundle?resource=${resource}&id=${encodeURIComponent(id)}`, 'application/json', `audit-bundle-${id}.json`).then(
      (saved) => setBundle({ saved }),
      (e: unknown) => setBundle({ error: errorCodeOf(e) }),
    );
  };
  const verify = () => {
    adminJson<ChainVerificationReply>(`/api/audit/verify?resource=${resource}&id=${encodeURIComponent(id)}`).then(
      setVerification,
      (e: unknown) => setVerification({ error: errorCodeOf(e) }),
    );
  };
  return (
    <Box data-testid="history">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6">{translate('admin.history.title')}</Typography>
        <Button size="small" onClick={verify} data-testid="verify-chain">
          {translate('admin.audit.verifyDocument')}
        </Button>
        <Button size="small" onClick={downloadBundle} data-testid="download-audit-bundle" aria-describedby="audit-bundle-help">
          {translate('admin.audit.downloadBundle')}
        </Button>
      </Box>
      <Typography id="audit-bundle-help" variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {translate('admin.audit.bundleHelp')}
      </Typography>
      {bundle && (
        <Alert severity={'error' in bundle ? 'error' : 'success'} data-testid="audit-bundle-result" sx={{ mb: 1 }}>
          {'error' in bundle ? translate(`error.${bundle.error}`) : translate('admin.audit.bundleSaved', { name: bundle.saved })}
        </Alert>
      )}
      {verification &&
        ('error' in verification ? (
          <Alert severity="error">{translate(`error.${verification.error}`)}</Alert>
        ) : (
          <Alert severity={verification.ok ? 'success' : 'error'} data-testid="verify-result">
            {translate(verification.ok ? 'admin.audit.chainOk' : 'admin.audit.chainBroken', {
              count: verification.eventsChecked,
              revision: verification.firstBadRevision ?? '-',
            })}
          </Alert>
        ))}
      <List dense>
        {(rows ?? []).map((row) => {
          const change = historyChange(translate, resource, row);
          return (
            <ListItem key={row.revision} divider data-testid="history-row" data-action={row.action} data-revision={row.revision}>
              <ListItemIcon title={translate(row.chainVerified ? 'admin.history.chainVerified' : 'admin.history.chainNotVerified')}>
                {row.chainVerified ? (
                  <CheckCircleIcon color="success" data-testid="chain-ok" />
                ) : (
                  <ErrorIcon color="error" data-testid="chain-bad" />
                )}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <strong>{historyActionLabel(translate, resource, row)}</strong>
                    {change && <span data-testid="history-change">{change}</span>}
                    {row.approvalLevel !== null && (
                      <Chip size="small" label={translate(`admin.levels.${row.approvalLevel}`, { _: String(row.approvalLevel) })} />
                    )}
                  </Box>
                }
                secondary={
                  <>
                    {`${row.actor.name ?? row.actor.userId ?? '-'} · ${row.actor.companyName ?? row.actor.companyId ?? '-'} · ${formatDateTime(row.at)} · ${revisionLabel(translate, row.revision)}`}
                    {row.remark && (
                      <>
                        <br />
                        {translate('admin.fields.remark')}: {row.remark}
                      </>
                    )}
                  </>
                }
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

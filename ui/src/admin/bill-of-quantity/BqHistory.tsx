// The BQ's history: every change recorded on its stream (tabs, rows, approval), newest first, when, what,
// by whom (a project member's name, else the user id the api records) and whether the hash chain holds up to it; the latest 200 shown.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { humanise } from '../catalogue/labels.js';
import { formatDateTime } from '../format.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

type HistoryRow = {
  revision: number;
  type: string;
  data: Record<string, unknown>;
  at: string;
  userId: string | null;
  chainVerified: boolean;
};
const SHOWN = 200;

/** What the change was about: a row's or tab's title, a status. */
function subject(row: HistoryRow): string {
  const d = row.data;
  const fields = (d.fields ?? d.changes) as Record<string, unknown> | undefined;
  const text = d.name ?? d.title ?? fields?.title ?? (typeof d.to === 'string' ? d.to : undefined) ?? d.code;
  return typeof text === 'string' ? text : '';
}

export function BqHistory({ projectId, version, names }: { projectId: string; version: number; names: ReadonlyMap<string, string> }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<HistoryRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    adminJson<HistoryRow[]>(`/api/bill-of-quantity/${encodeURIComponent(projectId)}/history`).then(
      (list) => live && setRows(list.slice(-SHOWN).reverse()),
      (e: unknown) => live && setError(errorCodeOf(e)),
    );
    return () => {
      live = false;
    };
  }, [projectId, version]);
  if (error === 'bqNotFound')
    return (
      <Typography color="text.secondary" data-testid="bq-history-empty">
        {translate('admin.bq.history.empty')}
      </Typography>
    );
  if (error) return <Alert severity="warning">{translate(`error.${error}`, { _: translate('error.unknownError') })}</Alert>;
  if (!rows) return <Typography color="text.secondary">{translate('ra.page.loading')}</Typography>;
  return (
    <ScrollRegion label={translate('admin.bq.history.title')}>
      <Table size="small" data-testid="bq-history">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{translate('admin.projects.history.when')}</TableCell>
            <TableCell>{translate('admin.projects.history.what')}</TableCell>
            <TableCell>{translate('admin.bq.history.subject')}</TableCell>
            <TableCell>{translate('admin.projects.history.who')}</TableCell>
            <TableCell>{translate('admin.projects.history.chain')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.revision} data-testid="bq-history-row" data-type={row.type}>
              <TableCell>{row.revision}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</TableCell>
              <TableCell>{translate(`admin.bq.events.${row.type}`, { _: humanise(row.type) })}</TableCell>
              <TableCell>{subject(row)}</TableCell>
              <TableCell>{row.userId === null ? '-' : (names.get(row.userId) ?? row.userId)}</TableCell>
              <TableCell>
                {row.chainVerified ? (
                  <CheckCircleIcon color="success" fontSize="small" titleAccess={translate('admin.projects.history.verified')} />
                ) : (
                  <ErrorIcon color="error" fontSize="small" titleAccess={translate('admin.projects.history.broken')} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

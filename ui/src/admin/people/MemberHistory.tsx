// A person's history in the company (GET /api/company/users/<id>/history), newest first: what happened, to
// which role where it was a role's, the status before and after, who and when, and the remark.
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { memberHistory, type MemberHistoryRow } from './people-api.js';

/** "Request_Approve" -> "Request approve": an event the catalogue has no words for still reads. */
const readable = (name: string) =>
  name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^\w/, (c) => c.toUpperCase());

/** Newest first; steps of the same moment in the reverse of the api's order (it records them in order). */
const newestFirst = (rows: readonly MemberHistoryRow[]) =>
  rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => b.row.at.localeCompare(a.row.at) || b.i - a.i)
    .map(({ row }) => row);

export function MemberHistory({ memberId, revision }: { memberId: string; revision: number }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<MemberHistoryRow[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    memberHistory(memberId).then(
      (r) => live && (setRows(newestFirst(r)), setFailed(null)),
      (e: unknown) => live && setFailed(errorCodeOf(e)),
    );
    return () => {
      live = false;
    };
  }, [memberId, revision]);
  // A status reads as the member's or the role's word, whichever names it.
  const status = (row: MemberHistoryRow, value: string | null) =>
    value === null
      ? translate('people.history.none')
      : translate(row.roleName ? `people.roleStatus.${value}` : `people.memberStatus.${value}`, { _: readable(value) });
  return (
    <section aria-labelledby={`history-${memberId}`}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }} id={`history-${memberId}`}>
        {translate('people.history.title')}
      </Typography>
      {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
      {!rows && !failed && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {rows && rows.length === 0 && <Typography variant="body2">{translate('people.history.empty')}</Typography>}
      {rows && rows.length > 0 && (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="member-history">
          {rows.map((row, index) => (
            <Box
              component="li"
              key={`${row.at}-${index}`}
              sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
              data-testid="member-history-row"
              data-event={row.event}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.roleName
                  ? translate(`people.history.roleEvent.${row.event}`, { role: row.roleName, _: `${readable(row.event)}: ${row.roleName}` })
                  : translate(`people.history.event.${row.event}`, { _: readable(row.event) })}
              </Typography>
              <Typography variant="body2">
                {translate('people.history.change', { before: status(row, row.statusBefore), after: status(row, row.statusAfter) })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('people.history.byAt', { name: row.byName ?? translate('people.history.someone'), at: formatDateTime(row.at) })}
              </Typography>
              {row.remark && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('people.history.remark', { remark: row.remark })}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      )}
    </section>
  );
}

// "My approvals": documents waiting for this user's decision across kinds, oldest first (GET /api/my-approvals),
// a page of 25 at a time with the whole count, so nothing waiting is ever out of sight.
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Card, Link, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { actionLabel, resourceLabel } from '../catalogue/labels.js';
import { DueTime } from '../documents/DueTime.js';
import { StatusChip } from '../documents/StatusChip.js';
import { formatDateTime, formatMoney } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';

type Row = {
  resource: string;
  id: string;
  documentNo: string;
  title: string;
  status: string;
  total: string;
  currency: string;
  waitingSince: string;
  actions: string[];
  nextLevel: number | null;
  /** Passed on by a grant of authority: the colleague the user would approve for. */
  onBehalfOf?: { userId: string; name: string | null };
  /** When the awaited level is due (its manual's response time); null without one. */
  dueAt: string | null;
};

const PAGE = 25;
/** A column shown from the md breakpoint up (its content goes under the title below it). */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export function MyApprovalsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  // Work passed on by a grant is counted up to a cap: the total is then "at least", and paging runs on.
  const [capped, setCapped] = useState(false);
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const range = encodeURIComponent(JSON.stringify([page * PAGE, page * PAGE + PAGE - 1]));
    adminJson<{ data: Row[]; total: number; totalCapped?: boolean }>(`/api/my-approvals?range=${range}`).then(
      (r) => {
        setRows(r.data);
        setTotal(r.total);
        setCapped(r.totalCapped === true);
      },
      (e: unknown) => setError(errorCodeOf(e)),
    );
  }, [page]);
  return (
    <Card sx={{ mt: 2, p: 2 }} data-testid="my-approvals">
      <Title title={translate('admin.menu.myApprovals')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('admin.menu.myApprovals')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('admin.myApprovals.intro')}
      </Typography>
      {error && <Alert severity="error">{translate(`error.${error}`)}</Alert>}
      {rows && total > 0 && (
        <Typography sx={{ mb: 1 }} data-testid="approvals-total" data-total={total}>
          {translate(capped ? 'admin.myApprovals.totalAtLeast' : 'admin.myApprovals.total', { count: total })}
        </Typography>
      )}
      {rows?.length === 0 && total === 0 && <Alert severity="success">{translate('admin.myApprovals.empty')}</Alert>}
      {rows && rows.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('admin.fields.kind')}</TableCell>
              <TableCell>{translate('admin.fields.documentNo')}</TableCell>
              <TableCell>{translate('admin.fields.title')}</TableCell>
              <TableCell>{translate('admin.fields.status')}</TableCell>
              <TableCell align="right">{translate('admin.fields.total')}</TableCell>
              <TableCell>{translate('admin.myApprovals.waitingSince')}</TableCell>
              <TableCell sx={WIDE_ONLY}>{translate('admin.approvalTimers.due')}</TableCell>
              <TableCell>{translate('admin.myApprovals.awaiting')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow
                key={r.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => {
                  navigate(`/${r.resource}/${r.id}/show`);
                }}
                data-testid="approval-row"
                data-document={r.documentNo}
              >
                <TableCell>{resourceLabel(translate, r.resource, false)}</TableCell>
                <TableCell>
                  {/* The row opens on a click; the number is its link, so the keyboard reaches it too. */}
                  <Link
                    component={RouterLink}
                    to={`/${r.resource}/${r.id}/show`}
                    onClick={(event) => event.stopPropagation()}
                    data-testid="approval-link"
                  >
                    {r.documentNo}
                  </Link>
                </TableCell>
                <TableCell>
                  {r.title}
                  {/* Work passed on by a grant says whose it is, where every screen shows it. */}
                  {r.onBehalfOf && (
                    <Typography
                      component="span"
                      variant="body2"
                      color="text.secondary"
                      data-testid="on-behalf-of"
                      sx={{ display: 'block' }}
                    >
                      {translate('admin.documents.onBehalfOf', { name: r.onBehalfOf.name ?? r.onBehalfOf.userId })}
                    </Typography>
                  )}
                  {/* On a phone the due column is past the screen's edge: the title says it. */}
                  {r.dueAt && (
                    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
                      <DueTime dueAt={r.dueAt} />
                    </Box>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip resource={r.resource} status={r.status} />
                </TableCell>
                <TableCell align="right">{formatMoney(r.total, r.currency)}</TableCell>
                <TableCell>{formatDateTime(r.waitingSince)}</TableCell>
                <TableCell sx={WIDE_ONLY}>
                  <DueTime dueAt={r.dueAt} />
                </TableCell>
                <TableCell>
                  {r.actions.map((a) => actionLabel(translate, r.resource, a)).join(', ')}
                  {r.nextLevel !== null ? ` (${translate(`admin.levels.${r.nextLevel}`, { _: String(r.nextLevel) })})` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {total > PAGE && (
        <TablePagination
          component="div"
          count={capped ? -1 : total}
          page={page}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[]}
          onPageChange={(_, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count }) =>
            count === -1
              ? translate('admin.myApprovals.shownOfMore', { from, to })
              : translate('admin.myApprovals.shown', { from, to, count })
          }
          getItemAriaLabel={(type) => translate(`admin.myApprovals.${type}Page`)}
          data-testid="approvals-pages"
        />
      )}
    </Card>
  );
}

// /admin/company-registrations: the platform administrator's review queue (signed-in-area.md §2.5 "Admin
// module: companies"). One status at a time (the api's list is by status), submitted by default, the oldest
// submission first (the order they wait in); a search by name or registration number; 25 a page, flat, the
// total as the api counts it (up to its cap, then "10,000+" and a line saying how to narrow the list). Each
// row's name opens the review.
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Card,
  CardContent,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { CompanySubmissionStatusName } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { QUEUE_PAGE, registrationQueue, type QueuePage } from './registration-api.js';
import { RegistrationStatusChip } from './RegistrationDetails.js';

export const QUEUE_PATH = '/admin/company-registrations';
export const reviewPath = (id: string) => `${QUEUE_PATH}/${encodeURIComponent(id)}`;
const STATUSES: readonly CompanySubmissionStatusName[] = ['submitted', 'inProgress', 'approved', 'archived'];
/** Hidden on a phone: the name, status and submission say what the queue is for. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export function RegistrationQueuePage() {
  const translate = useTranslate();
  // The filter is in the address, so "back to the queue" and a reload keep it.
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: CompanySubmissionStatusName = STATUSES.find((s) => s === statusParam) ?? 'submitted';
  const [q, setQ] = useState(params.get('q') ?? '');
  const [search, setSearch] = useState(q);
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<QueuePage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(q);
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [q]);
  useEffect(() => {
    let current = true;
    setReply(null);
    registrationQueue({ status, q: search, page }).then(
      (r) => {
        if (current) {
          setReply(r);
          setFailed(null);
        }
      },
      (error: unknown) => current && setFailed(errorCodeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [status, search, page]);

  const setStatus = (value: string) => {
    setPage(0);
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        next.set('status', value);
        return next;
      },
      { replace: true },
    );
  };
  const title = translate('company.queue.title');
  const total = (count: number) => (reply?.capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en'));
  return (
    <Card sx={{ mt: 2 }} data-testid="registration-queue">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('company.queue.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            fullWidth={false}
            label={translate('company.queue.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ width: { xs: '100%', sm: 240 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'queue-status' } }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {translate(`company.status.${s}`)}
              </option>
            ))}
          </TextField>
          <TextField
            type="search"
            fullWidth={false}
            label={translate('company.queue.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            sx={{ width: { xs: '100%', sm: 420 } }}
            slotProps={{ htmlInput: { 'data-testid': 'queue-search', maxLength: 100 } }}
          />
        </Stack>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.rows.length === 0 && (
          <Typography color="text.secondary" data-testid="queue-empty">
            {translate('company.queue.empty')}
          </Typography>
        )}
        {reply && reply.rows.length > 0 && (
          <>
            <TableContainer tabIndex={0} role="region" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('company.queue.columns.name')}</TableCell>
                    <TableCell>{translate('company.queue.columns.status')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('company.queue.columns.registrationNo')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('company.queue.columns.subscription')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('company.queue.columns.registeredAt')}</TableCell>
                    <TableCell>{translate('company.queue.columns.submittedAt')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reply.rows.map((row) => (
                    <TableRow key={row.id} data-testid="queue-row" data-id={row.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                        <Link component={RouterLink} to={reviewPath(row.id)} data-testid="queue-open">
                          {row.name}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <RegistrationStatusChip status={row.status} />
                      </TableCell>
                      <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                        {row.registrationNo}
                        <br />
                        {row.registrationNoNew}
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>
                        {translate(`company.subscriptionType.${row.subscriptionType}`, { _: String(row.subscriptionType) })}
                      </TableCell>
                      <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDateTime(row.registeredAt)}</TableCell>
                      <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
                        {row.submittedAt ? formatDateTime(row.submittedAt) : translate('company.notGiven')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {reply.capped && (
              <Typography variant="body2" role="status" sx={{ pt: 1 }} data-testid="queue-capped">
                {translate('company.queue.capped', { cap: reply.total.toLocaleString('en') })}
              </Typography>
            )}
            <TablePagination
              component="div"
              count={reply.total}
              page={page}
              rowsPerPage={QUEUE_PAGE}
              rowsPerPageOptions={[QUEUE_PAGE]}
              onPageChange={(_e, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) => translate('company.queue.range', { from, to, total: total(count) })}
              getItemAriaLabel={(type) =>
                translate(
                  type === 'next'
                    ? 'ra.navigation.next'
                    : type === 'previous'
                      ? 'ra.navigation.previous'
                      : type === 'first'
                        ? 'ra.navigation.first'
                        : 'ra.navigation.last',
                )
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

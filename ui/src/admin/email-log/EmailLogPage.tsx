// /admin/email-log: the platform administrator's e-mail log (signed-in-area.md §2.5, admin module "email
// log"). Every e-mail Binaan tried to send, newest first: when, to whom, its subject and purpose, and
// whether it went; one that did not shows the mail server's reason. Filtered by outcome, searched by address,
// subject or purpose; 25 a page, the total as the api counts it (up to its cap, then "10,000+").
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  LinearProgress,
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
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { EMAIL_LOG_PAGE, emailLog, type EmailLogPage as Page, type EmailLogQuery } from './email-log-api.js';

const STATUSES: readonly EmailLogQuery['status'][] = ['all', 'sent', 'failed'];
/** Hidden on a phone: when, to whom and whether it went say what the log is for. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export function EmailLogPage() {
  const translate = useTranslate();
  const [status, setStatus] = useState<EmailLogQuery['status']>('all');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<Page | null>(null);
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
    emailLog({ status, q: search, page }).then(
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

  const title = translate('admin.menu.emailLog');
  const total = (count: number) => (reply?.capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en'));
  return (
    <Card sx={{ mt: 2 }} data-testid="email-log">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('platform.emailLog.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            fullWidth={false}
            label={translate('platform.emailLog.status')}
            value={status}
            onChange={(e) => {
              setPage(0);
              setStatus(e.target.value as EmailLogQuery['status']);
            }}
            sx={{ width: { xs: '100%', sm: 200 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'email-log-status' } }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {translate(`platform.emailLog.statuses.${s}`)}
              </option>
            ))}
          </TextField>
          <TextField
            type="search"
            fullWidth={false}
            label={translate('platform.emailLog.search')}
            helperText={translate('platform.emailLog.searchHelp')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            sx={{ width: { xs: '100%', sm: 420 } }}
            slotProps={{ htmlInput: { 'data-testid': 'email-log-search', maxLength: 100 } }}
          />
        </Stack>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.rows.length === 0 && (
          <Typography color="text.secondary" data-testid="email-log-empty">
            {translate('platform.emailLog.empty')}
          </Typography>
        )}
        {reply && reply.rows.length > 0 && (
          <>
            <TableContainer tabIndex={0} role="region" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('platform.emailLog.columns.sentAt')}</TableCell>
                    <TableCell>{translate('platform.emailLog.columns.to')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('platform.emailLog.columns.subject')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('platform.emailLog.columns.purpose')}</TableCell>
                    <TableCell>{translate('platform.emailLog.columns.outcome')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reply.rows.map((row) => (
                    <TableRow key={row.id} data-testid="email-log-row" data-status={row.status}>
                      <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>{formatDateTime(row.sentAt)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{row.to}</TableCell>
                      <TableCell sx={{ ...WIDE_ONLY, overflowWrap: 'anywhere' }}>{row.subject}</TableCell>
                      <TableCell sx={WIDE_ONLY}>{row.purpose}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={row.status === 'sent' ? 'success' : 'error'}
                          label={translate(`platform.emailLog.statuses.${row.status}`)}
                        />
                        {row.error && (
                          <Typography
                            variant="body2"
                            color="error"
                            sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                            data-testid="email-log-error"
                          >
                            {row.error}
                          </Typography>
                        )}
                        {row.channel === 'outbox' && (
                          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, display: { xs: 'none', md: 'block' } }}>
                            {translate('platform.emailLog.outbox')}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {reply.capped && (
              <Typography variant="body2" role="status" sx={{ pt: 1 }}>
                {translate('platform.emailLog.capped', { cap: reply.total.toLocaleString('en') })}
              </Typography>
            )}
            <TablePagination
              component="div"
              count={reply.total}
              page={page}
              rowsPerPage={EMAIL_LOG_PAGE}
              rowsPerPageOptions={[EMAIL_LOG_PAGE]}
              onPageChange={(_e, next) => setPage(next)}
              labelDisplayedRows={({ from, to, count }) => translate('platform.emailLog.range', { from, to, total: total(count) })}
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

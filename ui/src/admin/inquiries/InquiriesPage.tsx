// /admin/inquiries: the messages the public sends from the landing page's contact form (signed-in-area.md
// §2.5, admin module "inquiries"), newest first, new ones by default; searched by name, e-mail, company or
// subject; each opens with what was written and the actions of the inquiry machine (close, cancel with a
// remark, reopen). 25 a page, the total as the api counts it (up to its cap, then "10,000+").
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
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
import type { InquiryRow } from '@binaan/contracts';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { INQUIRY_PAGE, inquiries, type InquiryPage, type InquiryQuery } from './inquiries-api.js';
import { InquiryDialog } from './InquiryDialog.js';

const STATUSES: readonly InquiryQuery['status'][] = ['new', 'close', 'cancel', 'all'];
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;

export function InquiriesPage() {
  const translate = useTranslate();
  const [status, setStatus] = useState<InquiryQuery['status']>('new');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<InquiryPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [open, setOpen] = useState<InquiryRow | null>(null);
  const [reload, setReload] = useState(0);

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
    inquiries({ status, q: search, page }).then(
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
  }, [status, search, page, reload]);

  const title = translate('admin.menu.inquiries');
  const total = (count: number) => (reply?.capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en'));
  return (
    <Card sx={{ mt: 2 }} data-testid="inquiries">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('platform.inquiries.intro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            fullWidth={false}
            label={translate('platform.inquiries.status')}
            value={status}
            onChange={(e) => {
              setPage(0);
              setStatus(e.target.value as InquiryQuery['status']);
            }}
            sx={{ width: { xs: '100%', sm: 200 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'inquiries-status' } }}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {translate(`platform.inquiries.statuses.${s}`)}
              </option>
            ))}
          </TextField>
          <TextField
            type="search"
            fullWidth={false}
            label={translate('platform.inquiries.search')}
            helperText={translate('platform.inquiries.searchHelp')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            sx={{ width: { xs: '100%', sm: 420 } }}
            slotProps={{ htmlInput: { 'data-testid': 'inquiries-search', maxLength: 100 } }}
          />
        </Stack>
        {failed && <Alert severity="error">{translate(`error.${failed}`, { _: translate('error.unknownError') })}</Alert>}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.rows.length === 0 && (
          <Typography color="text.secondary" data-testid="inquiries-empty">
            {translate('platform.inquiries.empty')}
          </Typography>
        )}
        {reply && reply.rows.length > 0 && (
          <>
            <TableContainer tabIndex={0} role="region" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('platform.inquiries.columns.subject')}</TableCell>
                    <TableCell>{translate('platform.inquiries.columns.from')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{translate('platform.inquiries.columns.receivedAt')}</TableCell>
                    <TableCell>{translate('platform.inquiries.columns.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reply.rows.map((row) => (
                    <TableRow key={row.id} data-testid="inquiry-row" data-id={row.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>
                        <Button
                          size="small"
                          onClick={() => setOpen(row)}
                          sx={{ textAlign: 'left', textTransform: 'none', p: 0 }}
                          data-testid="inquiry-open"
                        >
                          {row.subject}
                        </Button>
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {row.name}
                        {row.companyName ? (
                          <>
                            <br />
                            {row.companyName}
                          </>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{formatDateTime(row.receivedAt)}</TableCell>
                      <TableCell>
                        <Chip size="small" variant="outlined" label={translate(`platform.inquiries.statuses.${row.status}`)} />
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
              rowsPerPage={INQUIRY_PAGE}
              rowsPerPageOptions={[INQUIRY_PAGE]}
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
      <InquiryDialog
        inquiry={open}
        onClose={() => setOpen(null)}
        onChanged={(row) => {
          setOpen(row);
          setReload((n) => n + 1);
        }}
      />
    </Card>
  );
}

// The seller's received tenders (spec §2.6 target names received / new-received): the tenders it was invited
// to, newest invitation first, 25 a page, flat (the api reads one index range and counts up to its cap only
// when the page is not the last). Each opens the quotation form. A tender's e-mail invitation lands here
// by itself: the server takes it up when the invited company is approved (no browser step).
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { DocumentListTotalCap } from '@binaan/contracts';
import { StatusChip } from '../documents/StatusChip.js';
import { formatDateTime } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { receivedTenders, type ReceivedTender } from './tendering-api.js';

const PER_PAGE = 25;
export const quotationPath = (tenderId: string) => `/tendering/received/${encodeURIComponent(tenderId)}`;

export function ReceivedTendersPage() {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [reply, setReply] = useState<{ rows: ReceivedTender[]; total: number; capped: boolean } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    receivedTenders(page * PER_PAGE, page * PER_PAGE + PER_PAGE - 1).then(
      (r) => current && setReply(r),
      (error: unknown) => current && setFailed(errorCodeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [page]);
  const title = translate('tendering.received.title');
  return (
    <Card sx={{ mt: 2 }} data-testid="received-tenders">
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {failed && <Alert severity="error">{translate(`error.${failed}`)}</Alert>}
        {!failed && !reply && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {reply && reply.rows.length === 0 && (
          <Typography color="text.secondary" data-testid="received-empty">
            {translate('tendering.received.none')}
          </Typography>
        )}
        {reply && reply.rows.length > 0 && (
          <>
            <TableContainer tabIndex={0} role="region" aria-label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('admin.fields.documentNo')}</TableCell>
                    <TableCell>{translate('admin.fields.status')}</TableCell>
                    <TableCell>{translate('admin.fields.title')}</TableCell>
                    <TableCell>{translate('tendering.fields.buyer')}</TableCell>
                    <TableCell>{translate('tendering.fields.invited')}</TableCell>
                    <TableCell>{translate('tendering.fields.quoted')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reply.rows.map((row) => (
                    <TableRow key={row.id} data-testid="received-row" data-id={row.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Link component={RouterLink} to={quotationPath(row.id)} data-testid="received-link">
                          {row.documentNo ?? row.id}
                        </Link>
                      </TableCell>
                      <TableCell>{row.status && <StatusChip resource="tender" status={row.status} wrap />}</TableCell>
                      <TableCell>{row.title}</TableCell>
                      <TableCell>{row.buyerName ?? row.buyerCompanyId}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.invitedAt)}</TableCell>
                      <TableCell>
                        {row.quoted ? (
                          <Chip
                            size="small"
                            color="success"
                            variant="outlined"
                            label={translate('tendering.invitations.quotedAt', { at: formatDateTime(row.quotedAt) })}
                          />
                        ) : (
                          <Chip size="small" variant="outlined" label={translate('tendering.invitations.notQuoted')} />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {reply.capped && (
              <Typography variant="body2" role="status" sx={{ pt: 1 }}>
                {translate('admin.documents.totalCapped', { cap: DocumentListTotalCap.toLocaleString('en') })}
              </Typography>
            )}
            <TablePagination
              component="div"
              count={reply.total}
              page={page}
              rowsPerPage={PER_PAGE}
              rowsPerPageOptions={[PER_PAGE]}
              onPageChange={(_e, next) => {
                setReply(null);
                setPage(next);
              }}
              labelDisplayedRows={({ from, to, count }) =>
                translate('tendering.received.range', {
                  from,
                  to,
                  total: reply.capped ? `${count.toLocaleString('en')}+` : count.toLocaleString('en'),
                })
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

// The invited seller's page for a tender's exchange with the buyer: the "confirm your quotation"
// banner after an addendum, the addenda (`?addendum=<n>` marks one: a notification's landing) and the query
// board. The quotation form itself is the received tender's page (/tendering/received/<id>).
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { Alert, Box, LinearProgress, Link, Typography } from '@mui/material';
import { formatDateTime } from '../format.js';
import { adminJson, errorCodeOf } from '../providers/admin-request.js';
import { AddendaList } from './AddendaPanel.js';
import { ConfirmQuotationBanner } from './ConfirmQuotationBanner.js';
import { addenda as loadAddenda, type Addenda } from './exchange-api.js';
import { QueriesBoard } from './QueriesBoard.js';

type SellerTender = { id: string; documentNo: string; title: string; status: string; closeAt: string | null; serverTime: string };

export function TenderBoardPage() {
  const translate = useTranslate();
  const { tenderId = '' } = useParams();
  const marked = Number(new URLSearchParams(useLocation().search).get('addendum')) || null;
  const [tender, setTender] = useState<SellerTender | null>(null);
  const [reply, setReply] = useState<Addenda | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(() => {
    Promise.all([adminJson<SellerTender>(`/api/tendering/tenders/${encodeURIComponent(tenderId)}`), loadAddenda(tenderId)]).then(
      ([t, a]) => {
        setTender(t);
        setReply(a);
        setFailed(null);
      },
      (e: unknown) => setFailed(errorCodeOf(e)),
    );
  }, [tenderId]);
  useEffect(load, [load]);
  if (failed)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate(`error.${failed}`)}
      </Alert>
    );
  if (!tender || !reply) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  // The server's clock decides; the page only hides the forms once the close time has passed on it.
  const open = tender.status === 'active' && (tender.closeAt === null || Date.parse(tender.closeAt) > Date.parse(tender.serverTime));
  return (
    <Box sx={{ p: 2, maxWidth: 960 }} data-testid="tender-board-page">
      <Title title={translate('admin.tenderExchange.page.title', { documentNo: tender.documentNo })} />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>{`${tender.documentNo} · ${tender.title}`}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('admin.tenderExchange.page.closes', { at: formatDateTime(tender.closeAt) })}{' '}
        <Link component={RouterLink} to={`/tendering/received/${encodeURIComponent(tender.id)}`}>
          {translate('admin.tenderExchange.page.quotation')}
        </Link>
      </Typography>
      <ConfirmQuotationBanner tenderId={tender.id} reply={reply} onConfirmed={load} />
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('admin.tenderExchange.addenda.title')}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <AddendaList reply={reply} marked={marked} />
      </Box>
      <QueriesBoard tenderId={tender.id} side="seller" open={open} />
    </Box>
  );
}

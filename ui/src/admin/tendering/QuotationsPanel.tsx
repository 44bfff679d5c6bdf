// The quotations once the bids are open (the tender closed: comparison and on): each seller's total, its
// rate and amount per item of the tender, and its history (every submission and revision, with who and when).
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { DocumentView } from '@binaan/contracts';
import { formatDateTime, formatMoney, formatQuantity } from '../format.js';
import { errorCodeOf } from '../providers/admin-request.js';
import { quotationHistory, quotations as loadQuotations, type Quotation, type QuotationVersion } from './tendering-api.js';
import { AttachmentsSection } from './AttachmentsSection.js';
import { quotationFiles } from './attachments-api.js';

function QuotationHistory({ tenderId, sellerCompanyId }: { tenderId: string; sellerCompanyId: string }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<QuotationVersion[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (failed) return <Alert severity="error">{translate(`error.${failed}`)}</Alert>;
  if (!rows) {
    const open = () =>
      quotationHistory(tenderId, sellerCompanyId).then(
        (r) => setRows(r.data),
        (error: unknown) => setFailed(errorCodeOf(error)),
      );
    return (
      <Button size="small" onClick={() => void open()} data-testid="quotation-history-open">
        {translate('tendering.quotations.showHistory')}
      </Button>
    );
  }
  return (
    <List dense aria-label={translate('tendering.quotations.history')} data-testid="quotation-history">
      {rows.map((v) => (
        <ListItem key={v.revision} divider data-testid="quotation-version" data-revision={v.revision}>
          <ListItemText
            primary={`${translate(v.action === 'QuotationSubmitted' ? 'tendering.quotations.submitted' : 'tendering.quotations.revised')} · ${formatMoney(v.total)}`}
            secondary={`${formatDateTime(v.at)}${v.actorName ? ` · ${v.actorName}` : ''} · ${translate('admin.history.revisionLabel', { revision: v.revision })}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

function QuotationItems({ document, quotation }: { document: DocumentView; quotation: Quotation }) {
  const translate = useTranslate();
  const byLine = new Map((quotation.items ?? []).map((i) => [i.lineNo, i]));
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={translate('tendering.quotations.itemsOf', { name: quotation.sellerName ?? quotation.sellerCompanyId })}
    >
      <Table
        size="small"
        aria-label={translate('tendering.quotations.itemsOf', { name: quotation.sellerName ?? quotation.sellerCompanyId })}
      >
        <TableHead>
          <TableRow>
            <TableCell>{translate('tendering.fields.item')}</TableCell>
            <TableCell align="right">{translate('tendering.fields.quantity')}</TableCell>
            <TableCell align="right">{translate('tendering.fields.rate')}</TableCell>
            <TableCell align="right">{translate('tendering.fields.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {document.items.map((item) => {
            const quoted = byLine.get(item.lineNo);
            return (
              <TableRow key={item.lineNo} data-testid="quoted-line" data-line={item.lineNo}>
                <TableCell>
                  {item.lineNo}. {item.description}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatQuantity(item.quantity)} {item.unit}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="quoted-rate">
                  {formatMoney(quoted?.rate)}
                  {quoted?.includeZeroRate ? ` (${translate('tendering.quotations.included')})` : ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(quoted?.amount)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function QuotationsPanel({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<Quotation[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    loadQuotations(document.id).then(
      (r) => setRows(r.data),
      (error: unknown) => setFailed(errorCodeOf(error)),
    );
  }, [document.id, document.revision]);
  if (failed) return <Alert severity="error">{translate(`error.${failed}`)}</Alert>;
  if (!rows) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  return (
    <Box sx={{ mt: 3 }} data-testid="quotations-panel">
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('tendering.quotations.title')}
      </Typography>
      {rows.length === 0 && <Typography color="text.secondary">{translate('tendering.quotations.none')}</Typography>}
      {rows.map((q) => (
        <Accordion key={q.sellerCompanyId} disableGutters data-testid="quotation" data-seller={q.sellerCompanyId}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {q.sellerName ?? q.sellerCompanyId}
              </Typography>
              <Typography component="span" data-testid="quotation-total">
                {formatMoney(q.total)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {translate('tendering.quotations.lastSent', { at: formatDateTime(q.revisedAt), revision: q.revision })}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails>
            <QuotationItems document={document} quotation={q} />
            <AttachmentsSection
              title={translate('tendering.files.ofSeller', { name: q.sellerName ?? q.sellerCompanyId })}
              place={quotationFiles(document.id, q.sellerCompanyId)}
              files={q.attachments ?? []}
              canChange={false}
              onChanged={() => undefined}
              testId="seller-attachments"
              heading="h3"
            />
            <QuotationHistory tenderId={document.id} sellerCompanyId={q.sellerCompanyId} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

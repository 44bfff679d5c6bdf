// A printable invoice, official receipt or quotation made from a recorded document (§2.4 "generators"). The api
// records none of these as documents of their own, so nothing is written: the page reads the document, shows
// it as the paper the contractor hands over, and prints (or saves as PDF) with the browser. A quotation's rates
// are typed here over the tender's items and stay on the page.
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  GlobalStyles,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useSession } from '../../shared/session/session-store.js';
import { statusLabel } from '../catalogue/labels.js';
import { previewTotals, toSen } from '../documents/document-rules.js';
import { formatMoney } from '../format.js';
import { formatMalaysianDate, formatMalaysianDateTime } from '../../shared/i18n/dates.js';
import type { ContractorListPage, PrintKind } from './contractor-pages.js';
import { formatQuantity } from '../format.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { ItemsTable } from './ItemsPanel.js';
import { useDocument, type LoadedDocument } from './use-document.js';

type Doc = LoadedDocument;

/** Whether the document is one of the page's (its direction and statuses), so a typed URL prints nothing else. */
export function belongsToPage(doc: Pick<Doc, 'companyId' | 'status'>, page: ContractorListPage, companyId: string | undefined): boolean {
  const sent = doc.companyId === companyId;
  if ((page.direction === 'sent') !== sent) return false;
  return !page.statuses || page.statuses.includes(doc.status);
}

/**
 * What a payment certificate certifies as payable: its valuation's total payable (SST included) when it has one,
 * else the amount its approval round was requested with (the fee's base). Its items' total is 0: a certificate
 * carries no line items.
 */
export function certifiedAmount(doc: Pick<Doc, 'fees' | 'totals'>): string {
  return doc.fees.tradeCertificate?.totalPayable ?? doc.fees.transactionFee?.base ?? doc.totals?.total ?? '0.00';
}

function Party({ label, name }: { label: string; name: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{name ?? '-'}</Typography>
    </Box>
  );
}

function QuotationItems({ doc }: { doc: Doc }) {
  const translate = useTranslate();
  const [rates, setRates] = useState<Record<number, string>>(() => Object.fromEntries(doc.items.map((i) => [i.lineNo, i.rate ?? ''])));
  const items = doc.items.map((i) => ({ ...i, rate: rates[i.lineNo] ?? '' }));
  const totals = previewTotals(items, doc.sstApplicable);
  const money = (value: string) => formatMoney(value, doc.currency);
  return (
    <Table size="small" data-testid="quotation-items">
      <TableHead>
        <TableRow>
          <TableCell>{translate('contractor.items.no')}</TableCell>
          <TableCell>{translate('admin.fields.description')}</TableCell>
          <TableCell>{translate('admin.fields.unit')}</TableCell>
          <TableCell align="right">{translate('admin.fields.quantity')}</TableCell>
          <TableCell align="right">{translate('contractor.print.yourRate')}</TableCell>
          <TableCell align="right">{translate('admin.fields.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => {
          const valid = toSen(item.rate) !== null;
          return (
            <TableRow key={item.lineNo}>
              <TableCell>{item.lineNo}</TableCell>
              <TableCell>{item.description}</TableCell>
              <TableCell>{item.unit}</TableCell>
              <TableCell align="right">{formatQuantity(item.quantity)}</TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  variant="standard"
                  value={item.rate}
                  error={!valid}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `rate-${item.lineNo}`,
                      'aria-label': `${translate('contractor.print.yourRate')}, ${item.lineNo}. ${item.description}`,
                      inputMode: 'decimal',
                      style: { textAlign: 'right', width: 110 },
                    },
                  }}
                  onChange={(e) => setRates((r) => ({ ...r, [item.lineNo]: e.target.value }))}
                />
              </TableCell>
              <TableCell align="right">{valid ? money(previewTotals([item], false).subtotal) : '-'}</TableCell>
            </TableRow>
          );
        })}
        <TableRow>
          <TableCell colSpan={5} align="right">
            {translate('admin.fields.subtotal')}
          </TableCell>
          <TableCell align="right">{money(totals.subtotal)}</TableCell>
        </TableRow>
        {doc.sstApplicable && (
          <TableRow>
            <TableCell colSpan={5} align="right">
              {translate('admin.fields.sst')}
            </TableCell>
            <TableCell align="right">{money(totals.sst)}</TableCell>
          </TableRow>
        )}
        <TableRow>
          <TableCell colSpan={5} align="right">
            <strong>{translate('admin.fields.total')}</strong>
          </TableCell>
          <TableCell align="right" data-testid="quotation-total">
            <strong>{money(totals.total)}</strong>
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

function Paper({ kind, doc }: { kind: PrintKind; doc: Doc }) {
  const translate = useTranslate();
  // The company that hands the paper over: the issuer of its own invoice; the receiver of a certificate or tender.
  const ours = kind === 'invoice' ? doc.companyName : doc.counterpartyName;
  const theirs = kind === 'invoice' ? doc.counterpartyName : doc.companyName;
  const theirLabel =
    kind === 'invoice' ? 'contractor.print.billTo' : kind === 'receipt' ? 'contractor.print.receivedFrom' : 'contractor.print.to';
  const date = kind === 'invoice' ? formatMalaysianDate(doc.documentDate ?? doc.createdAt) : formatMalaysianDate(new Date());
  return (
    <Card sx={{ mt: 2, maxWidth: 900 }} data-testid={`print-${kind}`}>
      <CardContent>
        <Stack direction="row" sx={{ mb: 3, justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Box>
            <Typography variant="h6">{ours ?? '-'}</Typography>
          </Box>
          <Box sx={{ textAlign: 'right' }}>
            <Typography variant="h4" component="h1" sx={{ textTransform: 'uppercase', letterSpacing: 1 }}>
              {translate(`contractor.print.${kind}`)}
            </Typography>
            {/* An invoice's own number; a receipt or quotation refers to the certificate or tender it comes from. */}
            <Typography>
              {translate(kind === 'invoice' ? 'contractor.print.number' : 'contractor.print.reference')}: {doc.documentNo}
            </Typography>
            <Typography>
              {translate('contractor.print.date')}: {date}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="print-time">
              {translate('contractor.print.printedAt', { time: formatMalaysianDateTime(new Date()) })}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={6} sx={{ mb: 3 }}>
          <Party label={translate(theirLabel)} name={theirs} />
        </Stack>
        {kind === 'receipt' ? (
          <Box sx={{ my: 3 }}>
            <Typography variant="overline" color="text.secondary">
              {translate('contractor.print.theSumOf')}
            </Typography>
            <Typography variant="h5" data-testid="receipt-amount">
              {formatMoney(certifiedAmount(doc), doc.currency)}
            </Typography>
            <Typography sx={{ mt: 1 }}>
              {translate('contractor.print.beingPaymentFor', { documentNo: doc.documentNo, title: doc.title })}
            </Typography>
          </Box>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }} gutterBottom>
              {kind === 'quotation' ? translate('contractor.print.forTender', { documentNo: doc.documentNo, title: doc.title }) : doc.title}
            </Typography>
            {/* On a phone the lines scroll sideways in their own box, the paper keeping to the screen. */}
            <ScrollRegion label={translate('admin.documents.lineItems')}>
              {kind === 'quotation' ? <QuotationItems doc={doc} /> : <ItemsTable document={doc} />}
            </ScrollRegion>
          </>
        )}
        <Box sx={{ mt: 8, width: 260, borderTop: 1, pt: 1 }}>
          <Typography variant="body2">{translate('contractor.print.signature')}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

export function PrintView({
  page,
  kind,
  pageKey,
  basePath,
}: {
  page: ContractorListPage;
  kind: PrintKind;
  pageKey: string;
  basePath: string;
}) {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const session = useSession();
  const { data, pending, error } = useDocument(page.resource, id);
  const back = (
    <Button component={Link} to={basePath}>
      {translate('contractor.print.back')}
    </Button>
  );
  if (pending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (error || !data || !belongsToPage(data, page, session?.selectedCompany)) {
    return (
      <Box sx={{ mt: 2 }}>
        <Alert severity="warning" data-testid="print-not-found">
          {translate('contractor.print.notFound')}
        </Alert>
        {back}
      </Box>
    );
  }
  return (
    <Box>
      {/* On paper: only the document (no app bar, menu or buttons). */}
      <GlobalStyles
        styles={{
          '@media print': {
            'header, .RaSidebar-root, .no-print': { display: 'none !important' },
            '.RaLayout-content': { padding: '0 !important' },
          },
        }}
      />
      {/* The document's number leads the title: each printed document is a page of its own (WCAG 2.4.2). */}
      <Title title={`${data.documentNo ?? data.id} · ${translate(`admin.menu.${pageKey}`)}`} />
      <Stack direction="row" spacing={1} className="no-print" sx={{ mt: 2 }}>
        {back}
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} data-testid="print-button">
          {translate('contractor.print.button')}
        </Button>
      </Stack>
      <Alert severity="info" className="no-print" sx={{ mt: 1, maxWidth: 900 }}>
        {kind === 'quotation'
          ? translate('contractor.print.quotationNotRecorded')
          : kind === 'invoice'
            ? translate('contractor.print.invoiceNote', {
                documentNo: data.documentNo,
                status: statusLabel(translate, page.resource, data.status).toLowerCase(),
              })
            : translate('contractor.print.notRecorded', { kind: translate(`contractor.print.${kind}`).toLowerCase() })}
      </Alert>
      <Paper kind={kind} doc={data} />
    </Box>
  );
}

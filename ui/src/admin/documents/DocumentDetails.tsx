// A document as it stands (or stood, in the replay): header fields, the kind's own fields, line items,
// totals, fees and the approval route. Shapes from packages/contracts (DocumentView).
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, Grid, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { DocumentKindFieldNames, isDocumentResource, type DocumentView, asText } from '@binaan/contracts';
import { humanise } from '../catalogue/labels.js';
import { formatDate, formatDateTime, formatMoney } from '../format.js';
import { ScrollRegion } from '../projects/ScrollRegion.js';
import { bqRowPath } from '../tendering/request-api.js';
import { ApprovalRouteCard } from './ApprovalRouteCard.js';
import { ContractSumCard } from './ContractSumCard.js';
import { LineItemRow } from './LineItemRow.js';
import { StatusChip } from './StatusChip.js';
import { unpricedTender } from './unpriced-tender.js';
import { useProjects } from './use-projects.js';

function Field({ label, value, testId, to }: { label: string; value: string; testId?: string; to?: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {to && value ? (
        <Typography data-testid={testId}>
          <Link component={RouterLink} to={to}>
            {value}
          </Link>
        </Typography>
      ) : (
        <Typography data-testid={testId}>{value || '-'}</Typography>
      )}
    </Grid>
  );
}

const AMOUNT_FIELDS = new Set([
  'minimumAmount',
  'maximumAmount',
  'contractSum',
  'workDoneAmount',
  'unfixedGoodsAmount',
  'previousCertifiedAmount',
]);
const TIME_FIELDS = new Set(['openAt', 'closeAt']);
const DATE_FIELDS = new Set(['expectedDeliveryStart', 'expectedDeliveryEnd']);

function kindValue(name: string, value: unknown, currency: string): string {
  if (value === null || value === undefined || value === '') return '-';
  if (AMOUNT_FIELDS.has(name)) return formatMoney(asText(value), currency);
  if (TIME_FIELDS.has(name)) return formatDateTime(value);
  if (DATE_FIELDS.has(name)) return formatDate(value);
  if (Array.isArray(value)) return String(value.length);
  return asText(value);
}

export function DocumentDetails({ document }: { document: DocumentView }) {
  const translate = useTranslate();
  const label = (name: string) => translate(`admin.fields.${name}`, { _: humanise(name) });
  const kindFields = isDocumentResource(document.resource)
    ? DocumentKindFieldNames[document.resource].filter((f) => f !== 'claimItems')
    : [];
  const record = document as unknown as Record<string, unknown>;
  const route = document.approvalRoute;
  // The project by name, a link where the user has it (their project list); a counterparty reads the owner's
  // project by the name the document carries, without a link (it cannot open it).
  const projects = useProjects();
  const known = document.projectId ? projects.find((p) => p.id === document.projectId) : undefined;
  const project = document.projectId ? (known?.name ?? document.projectName ?? document.projectId) : '-';
  // A tender without rates has no estimate: its lines show no "RM 0.00" rate or amount and its totals say so
  // (the bidders price the lines). One made from a priced BQ, or given rates, shows them as the buyer's estimate.
  // A tender read by the company it is addressed to (a bidder) comes without the buyer's estimate (totals null):
  // shown as an unpriced one, with its own words.
  const withheld = document.totals === null;
  const unpriced = document.totals === null || unpricedTender({ resource: document.resource, total: document.totals.total });
  return (
    <Box data-testid="document-details">
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h6" data-testid="document-number">
              {document.documentNo}
            </Typography>
            <StatusChip
              resource={document.resource}
              status={document.status}
              awaitingLevel={document.approvalRoute.open ? document.approvalRoute.nextLevel : null}
              wrap
            />
            <Typography variant="body2" color="text.secondary">
              {translate('admin.fields.revision')} {document.revision}
            </Typography>
          </Box>
          <Grid container spacing={2}>
            <Field label={label('title')} value={document.title} testId="document-title" />
            <Field label={label('issuedBy')} value={document.companyName ?? document.companyId} testId="document-company" />
            <Field
              label={label('counterparty')}
              value={document.counterpartyCompanyId ? (document.counterpartyName ?? document.counterpartyCompanyId) : '-'}
              testId="document-counterparty"
            />
            <Field
              label={label('project')}
              value={project}
              testId="document-project"
              {...(known ? { to: `/projects/${encodeURIComponent(known.id)}` } : {})}
            />
            <Field label={label('documentDate')} value={formatDate(document.documentDate)} />
            <Field label={label('startDate')} value={formatDate(document.startDate)} />
            <Field label={label('endDate')} value={formatDate(document.endDate)} />
            <Field label={label('createdAt')} value={formatDateTime(document.createdAt)} />
            <Field label={label('updatedAt')} value={formatDateTime(document.updatedAt)} />
            {kindFields.map((name) =>
              name === 'sourceDocumentId' ? (
                // The document it was made from, by its number, linked (the api names it when the caller may see it).
                <Field
                  key={name}
                  label={label(name)}
                  value={document.source?.documentNo ?? ''}
                  testId="document-source"
                  {...(document.source ? { to: `/${document.source.resource}/${encodeURIComponent(document.source.id)}/show` } : {})}
                />
              ) : name === 'instructionId' ? (
                <Field
                  key={name}
                  label={label(name)}
                  value={typeof record[name] === 'string' ? translate('admin.variations.openInstruction') : ''}
                  testId="document-instruction"
                  {...(typeof record[name] === 'string' ? { to: `/instruction/${encodeURIComponent(record[name])}/show` } : {})}
                />
              ) : (
                <Field
                  key={name}
                  label={label(name)}
                  value={
                    name === 'tenderType' && typeof record[name] === 'string'
                      ? translate(`admin.tenderTypes.${record[name]}`)
                      : name === 'variationType' && typeof record[name] === 'string'
                        ? translate(`admin.variations.types.${record[name]}`)
                        : kindValue(name, record[name], document.currency)
                  }
                />
              ),
            )}
          </Grid>
          {document.description && <Typography sx={{ mt: 2 }}>{document.description}</Typography>}
        </CardContent>
      </Card>
      {document.contract && <ContractSumCard contract={document.contract} currency={document.currency} />}
      {document.items.length > 0 && (
        <Card variant="outlined" sx={{ mb: 2 }}>
          {/* On a phone the lines scroll sideways in their own box: squeezed to the screen, the amounts were cut off. */}
          <ScrollRegion label={translate('admin.documents.lineItems')}>
            <Table size="small" data-testid="line-items">
              <TableHead>
                <TableRow>
                  <TableCell>#</TableCell>
                  <TableCell>{label('description')}</TableCell>
                  <TableCell>{label('unit')}</TableCell>
                  <TableCell align="right">{label('quantity')}</TableCell>
                  {!unpriced && (
                    <>
                      <TableCell align="right">{label('rate')}</TableCell>
                      <TableCell align="right">{label('amount')}</TableCell>
                    </>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {document.items.map((item) => (
                  <LineItemRow
                    key={item.lineNo}
                    item={item}
                    currency={document.currency}
                    priced={!unpriced}
                    bqHref={
                      document.resource === 'tender' && document.projectId && item.bqItemId
                        ? bqRowPath(document.projectId, item.bqItemId)
                        : undefined
                    }
                  />
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        </Card>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Card variant="outlined">
            <CardContent data-testid="totals">
              <Typography variant="subtitle2" gutterBottom>
                {translate('admin.documents.totals')}
              </Typography>
              {unpriced || document.totals === null ? (
                <Typography variant="body2" data-testid="no-estimate">
                  {translate(withheld ? 'admin.documents.estimateWithheld' : 'admin.documents.noEstimate')}
                </Typography>
              ) : (
                <>
                  <Row label={label('subtotal')} value={formatMoney(document.totals.subtotal, document.currency)} />
                  <Row label={label('sst')} value={formatMoney(document.totals.sst, document.currency)} />
                  <Row
                    label={label('total')}
                    value={formatMoney(document.totals.total, document.currency)}
                    strong
                    testId="document-total"
                  />
                </>
              )}
              {document.fees.transactionFee && (
                <Row
                  label={translate('admin.documents.transactionFee', { percent: document.fees.transactionFee.percent })}
                  value={formatMoney(document.fees.transactionFee.amount, document.currency)}
                />
              )}
              {document.fees.tradeCertificate && (
                <>
                  <Row
                    label={label('grossValuation')}
                    value={formatMoney(document.fees.tradeCertificate.grossValuation, document.currency)}
                  />
                  <Row label={label('retention')} value={formatMoney(document.fees.tradeCertificate.retention, document.currency)} />
                  <Row label={label('amountDue')} value={formatMoney(document.fees.tradeCertificate.amountDue, document.currency)} />
                  <Row
                    label={label('totalPayable')}
                    value={formatMoney(document.fees.tradeCertificate.totalPayable, document.currency)}
                    strong
                  />
                </>
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ApprovalRouteCard route={route} currency={document.currency} unpriced={unpriced} />
        </Grid>
      </Grid>
      {document.warnings.map((w) => (
        <Typography key={w.code} color="warning.main" sx={{ mt: 1 }}>
          {translate(`admin.warnings.${w.code}`, { _: w.message })}
        </Typography>
      ))}
    </Box>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </Box>
  );
}

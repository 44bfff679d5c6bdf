// Business rules of signed-in-area.md §5.3 on the kinds' own fields (pure; 422 with a code each):
// tender times and budget, percentages, delivered quantities, vendor numbers' shape of use, the trade
// certificate's valuation; what a request for approval needs; what blocks a cancel. Rules that need
// other documents (remaining quantities) take them as a `DrawContext` the service reads first.
import { refusal } from '../common/refusal.js';
import {
  DocumentKindsWithDeliveredQuantities,
  MIN_LEAD_MINUTES,
  type DocumentFields,
  type DocumentResource,
  type DocumentTotals,
  type WorkflowEventName,
} from '@binaan/contracts';
import { tradeValuationOf } from './document-fees-view.js';
import { formatQuantity, formatSen, parseMoney, parsePercent, parseQuantity, percentOf } from './money.js';
import { SST_PERCENT } from '@binaan/contracts';

const MINUTE = 60_000;
const HUNDRED_PERCENT = 10_000n; // in basis points

const rule = (code: string, message: string, field: string) => refusal(422, code, message, { fields: { [field]: [code] } });

/** Malaysia keeps UTC+8 all year: a delivery date starts at midnight there. */
export const startOfDayInMalaysia = (date: string) => new Date(`${date}T00:00:00+08:00`);

/** Totals that are not the line items': a milestone claim's claim items, a trade certificate's valuation. */
export function kindTotals(resource: DocumentResource, fields: Omit<DocumentFields, 'totals'>): DocumentTotals | null {
  if (resource === 'milestoneClaim' && (fields.claimItems?.length ?? 0) > 0) {
    const subtotal = fields.claimItems!.reduce((sum, item) => sum + (parseMoney(item.claimAmount) ?? 0n), 0n);
    const sst = fields.sstApplicable ? percentOf(subtotal, SST_PERCENT) : 0n;
    return { subtotal: formatSen(subtotal), sst: formatSen(sst), total: formatSen(subtotal + sst) };
  }
  const valuation = resource === 'paymentCertificate' ? tradeValuationOf(fields) : null;
  if (valuation)
    return { subtotal: formatSen(valuation.amountDue), sst: formatSen(valuation.sst), total: formatSen(valuation.totalPayable) };
  return null;
}

function checkPercent(value: string | null | undefined, field: string): void {
  if (value === null || value === undefined) return;
  const basisPoints = parsePercent(value) ?? 0n;
  if (basisPoints < 0n) throw rule('percentageNegative', `${field}: a percentage may not be negative.`, field);
  if (basisPoints > HUNDRED_PERCENT) throw rule('percentageAbove100', `${field}: a percentage may not exceed 100.`, field);
}

function checkAhead(value: string | null | undefined, field: string, now: Date): void {
  if (!value) return;
  if (Date.parse(value) < now.getTime() + MIN_LEAD_MINUTES * MINUTE) {
    throw rule('dateTimeNotAhead', `${field} must be at least ${MIN_LEAD_MINUTES} minutes ahead.`, field);
  }
}

/**
 * Rules on the kind fields. `changed` names the fields this command sets: a time is held to "at least 5
 * minutes ahead" when it is set, not on every later edit of something else.
 */
export function checkKindRules(resource: DocumentResource, fields: DocumentFields, changed: ReadonlySet<string>, now: Date): void {
  if (resource === 'tender') {
    for (const field of ['openAt', 'closeAt'] as const) if (changed.has(field)) checkAhead(fields[field], field, now);
    if (fields.openAt && fields.closeAt && Date.parse(fields.closeAt) <= Date.parse(fields.openAt)) {
      throw rule('closeNotAfterOpen', 'The tender must close after it opens.', 'closeAt');
    }
    if (
      fields.closeAt &&
      fields.expectedDeliveryStart &&
      Date.parse(fields.closeAt) >= startOfDayInMalaysia(fields.expectedDeliveryStart).getTime()
    ) {
      throw rule('tenderClosesAfterDeliveryStart', 'The tender must close before the expected delivery start.', 'closeAt');
    }
    if (fields.expectedDeliveryStart && fields.expectedDeliveryEnd && fields.expectedDeliveryEnd < fields.expectedDeliveryStart) {
      throw rule('endBeforeStart', 'The expected delivery end may not be before its start.', 'expectedDeliveryEnd');
    }
    if (
      fields.minimumAmount &&
      fields.maximumAmount &&
      (parseMoney(fields.minimumAmount) ?? 0n) > (parseMoney(fields.maximumAmount) ?? 0n)
    ) {
      throw rule('minimumAboveMaximum', 'The minimum amount may not exceed the maximum.', 'minimumAmount');
    }
  }
  checkPercent(fields.claimPercentage, 'claimPercentage');
  checkPercent(fields.retentionPercent, 'retentionPercent');
  checkPercent(fields.retentionLimitPercent, 'retentionLimitPercent');
  if (fields.claimItems && fields.claimItems.length > 0) {
    fields.claimItems.forEach((item, index) => checkPercent(item.percentage, `claimItems[${index}].percentage`));
    const claimed = fields.claimItems.reduce((sum, item) => sum + (parsePercent(item.percentage) ?? 0n), 0n);
    if (claimed > HUNDRED_PERCENT)
      throw rule('percentageAboveRemaining', `The claim items add up to ${formatSen(claimed)}%, more than 100%.`, 'claimItems');
  }
  if (DocumentKindsWithDeliveredQuantities.includes(resource) && !fields.sourceDocumentId) {
    // Without a source order, a line's own quantity is what remains to deliver.
    fields.items.forEach((item, index) => {
      if (item.deliveredQuantity && (parseQuantity(item.deliveredQuantity) ?? 0n) > (parseQuantity(item.quantity) ?? 0n)) {
        throw rule(
          'quantityAboveRemaining',
          `Item ${index + 1}: ${item.deliveredQuantity} is more than the ${item.quantity} to deliver.`,
          `items[${index}].deliveredQuantity`,
        );
      }
    });
  }
  if (resource === 'paymentCertificate') {
    const valuation = tradeValuationOf(fields);
    if (valuation && valuation.amountDue < 0n) {
      throw rule(
        'previousCertifiedAboveValuation',
        'Certified before is more than this valuation after retention.',
        'previousCertifiedAmount',
      );
    }
  }
}

/** Statuses a tender asks for activation from (its later contract round is not held to its times). */
const TENDER_ACTIVATION_FROM: ReadonlySet<string> = new Set(['new', 'rejected']);

/** What asking for approval needs besides an item: a tender's times, an order's delivered quantities. */
export function checkRequestRules(resource: DocumentResource, fields: DocumentFields, now: Date, status: string): void {
  if (resource === 'tender' && TENDER_ACTIVATION_FROM.has(status)) {
    if (!fields.openAt || !fields.closeAt)
      throw rule('tenderTimesRequired', 'A tender needs its open and close times before approval.', fields.openAt ? 'closeAt' : 'openAt');
    checkAhead(fields.closeAt, 'closeAt', now);
  }
  if (
    DocumentKindsWithDeliveredQuantities.includes(resource) &&
    !fields.items.some((item) => (parseQuantity(item.deliveredQuantity ?? '0') ?? 0n) > 0n)
  ) {
    const code = resource === 'deliveryOrder' ? 'deliveryQuantityRequired' : 'serviceQuantityRequired';
    throw rule(
      code,
      `A ${resource === 'deliveryOrder' ? 'delivery' : 'service'} order needs a ${resource === 'deliveryOrder' ? 'delivery' : 'service'} quantity on at least one line.`,
      'items',
    );
  }
  // The amount a round is asked for is the one the document shows: a certificate shows its valuation, a
  // milestone claim its claim items. Without them there is nothing to route on.
  if (resource === 'paymentCertificate' && tradeValuationOf(fields) === null) {
    throw rule('workDoneRequired', 'A payment certificate needs its work done (the valuation) before approval.', 'workDoneAmount');
  }
  if (resource === 'milestoneClaim' && (fields.claimItems?.length ?? 0) === 0) {
    throw rule('itemRequired', 'A milestone claim needs at least one claim item before approval.', 'claimItems');
  }
}

/** Spec §5.3: "a milestone claim with claim items cannot be deleted": its Cancel is refused. */
export function checkCancelRule(resource: DocumentResource, fields: DocumentFields, event: WorkflowEventName): void {
  if (event === 'Cancel' && resource === 'milestoneClaim' && (fields.claimItems?.length ?? 0) > 0) {
    throw rule(
      'claimItemsPreventCancel',
      'A milestone claim with claim items cannot be cancelled: remove its claim items first.',
      'claimItems',
    );
  }
}

/** What the other live documents drawing on the same source have taken (read by the service). */
export type DrawContext = {
  /** The source order's lines (lineNo -> quantity in thousandths); null without a source. */
  sourceLines: ReadonlyMap<number, bigint> | null;
  /** Quantities other live documents deliver, per source line (thousandths). */
  deliveredByOthers: ReadonlyMap<number, bigint>;
  /** Percent other live claims on the same source take (basis points). */
  claimedByOthers: bigint;
};

/** Quantity not above the remaining quantity; claims not above the remaining percentage (spec §5.3). */
export function checkDraws(resource: DocumentResource, fields: DocumentFields, context: DrawContext): void {
  if (DocumentKindsWithDeliveredQuantities.includes(resource) && context.sourceLines) {
    const taken = new Map(context.deliveredByOthers);
    fields.items.forEach((item, index) => {
      const lineNo = item.orderLineNo ?? item.lineNo;
      const ordered = context.sourceLines!.get(lineNo);
      const field = `items[${index}].orderLineNo`;
      if (ordered === undefined) throw rule('unknownOrderLine', `Item ${index + 1}: the source order has no line ${lineNo}.`, field);
      const delivered = parseQuantity(item.deliveredQuantity ?? '0') ?? 0n;
      const remaining = ordered - (taken.get(lineNo) ?? 0n);
      if (delivered > remaining) {
        throw rule(
          'quantityAboveRemaining',
          `Item ${index + 1}: ${formatQuantity(delivered)} is more than the ${formatQuantity(remaining > 0n ? remaining : 0n)} remaining on order line ${lineNo}.`,
          `items[${index}].deliveredQuantity`,
        );
      }
      taken.set(lineNo, (taken.get(lineNo) ?? 0n) + delivered);
    });
  }
  const claimed = claimShare(resource, fields);
  if (claimed !== null && context.sourceLines !== null && claimed + context.claimedByOthers > HUNDRED_PERCENT) {
    const left = HUNDRED_PERCENT - context.claimedByOthers;
    throw rule(
      'percentageAboveRemaining',
      `Only ${formatSen(left > 0n ? left : 0n)}% of the order remains to claim.`,
      resource === 'milestoneClaim' ? 'claimItems' : 'claimPercentage',
    );
  }
}

/** The percent of its source a claim takes (basis points), or null when the kind claims none. */
export function claimShare(resource: DocumentResource, fields: Pick<DocumentFields, 'claimPercentage' | 'claimItems'>): bigint | null {
  if (resource === 'progressiveClaim') return fields.claimPercentage ? parsePercent(fields.claimPercentage) : null;
  if (resource === 'milestoneClaim')
    return (fields.claimItems ?? []).reduce((sum, item) => sum + (parsePercent(item.percentage) ?? 0n), 0n);
  return null;
}

/** What a `document_draws` row measures: delivered quantities, a claim's percent, a variation order's amount and sign. */
export type DrawMeasure = 'quantity' | 'percent' | 'variationAmount' | 'variationSign';

/** The rows a document adds to `document_draws`: delivered quantities per source line, a claim's share at line 0. */
export function drawRows(
  resource: DocumentResource,
  fields: Partial<Pick<DocumentFields, 'items' | 'claimPercentage' | 'claimItems' | 'totals' | 'variationType'>>,
): { measure: DrawMeasure; lineNo: number; amount: bigint }[] {
  const rows: { measure: DrawMeasure; lineNo: number; amount: bigint }[] = [];
  if (resource === 'variationOrder') {
    // A variation's amount (its subtotal) and its sign (omission -1) apart, as an edit may change either alone.
    if (fields.totals) rows.push({ measure: 'variationAmount', lineNo: 0, amount: parseMoney(fields.totals.subtotal) ?? 0n });
    if ('variationType' in fields)
      rows.push({ measure: 'variationSign', lineNo: 0, amount: fields.variationType === 'omission' ? -1n : 1n });
    return rows;
  }
  if (DocumentKindsWithDeliveredQuantities.includes(resource) && fields.items) {
    const perLine = new Map<number, bigint>();
    for (const item of fields.items) {
      const delivered = parseQuantity(item.deliveredQuantity ?? '0') ?? 0n;
      const lineNo = item.orderLineNo ?? item.lineNo;
      if (delivered > 0n) perLine.set(lineNo, (perLine.get(lineNo) ?? 0n) + delivered);
    }
    for (const [lineNo, amount] of perLine) rows.push({ measure: 'quantity', lineNo, amount });
  }
  if ('claimPercentage' in fields || 'claimItems' in fields) {
    const share = claimShare(resource, { claimPercentage: fields.claimPercentage ?? null, claimItems: fields.claimItems ?? [] });
    if (share !== null && share > 0n) rows.push({ measure: 'percent', lineNo: 0, amount: share });
  }
  return rows;
}

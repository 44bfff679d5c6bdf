// What the document view shows that the server computes from the recorded fields: the transaction fee on
// awards and payment certificates, the trade payment certificate's valuation, and warnings. Pure, so the
// view of a document as it stood at a revision shows its fees as they stood then.
import {
  DEFAULT_RETENTION_LIMIT_PERCENT,
  DEFAULT_RETENTION_PERCENT,
  TENDER_CLOSES_SOON_MINUTES,
  TRANSACTION_FEE_BASIS_POINTS,
  UNFIXED_GOODS_PERCENT,
  type DocumentFeesView,
  type DocumentFields,
  type DocumentResource,
  type DocumentWarning,
  type TradeCertificateView,
} from '@binaan/contracts';
import { tradeValuation, transactionFee, type TradeValuation } from './fees.js';
import { formatPercent, formatSen, parseMoney, parsePercent } from './money.js';
import type { DocumentState } from './document.state.js';

const sen = (value: string | null | undefined) => (value ? (parseMoney(value) ?? 0n) : 0n);

/** A payment certificate with a work-done valuation is a trade certificate; its figures, or null. */
export function tradeValuationOf(fields: Omit<DocumentFields, 'totals'>): TradeValuation | null {
  if (fields.workDoneAmount === null || fields.workDoneAmount === undefined) return null;
  return tradeValuation({
    contractSum: fields.contractSum ? sen(fields.contractSum) : null,
    workDone: sen(fields.workDoneAmount),
    unfixedGoods: sen(fields.unfixedGoodsAmount),
    previousCertified: sen(fields.previousCertifiedAmount),
    retentionBasisPoints: parsePercent(fields.retentionPercent ?? DEFAULT_RETENTION_PERCENT) ?? 0n,
    retentionLimitBasisPoints: parsePercent(fields.retentionLimitPercent ?? DEFAULT_RETENTION_LIMIT_PERCENT) ?? 0n,
    sstApplicable: fields.sstApplicable,
  });
}

function tradeCertificateView(fields: DocumentFields): TradeCertificateView | null {
  const valuation = tradeValuationOf(fields);
  if (valuation === null) return null;
  return {
    contractSum: fields.contractSum ?? null,
    workDone: formatSen(sen(fields.workDoneAmount)),
    unfixedGoods: formatSen(sen(fields.unfixedGoodsAmount)),
    unfixedGoodsPercent: formatPercent(BigInt(UNFIXED_GOODS_PERCENT) * 100n),
    unfixedGoodsAllowed: formatSen(valuation.unfixedGoodsAllowed),
    grossValuation: formatSen(valuation.grossValuation),
    retentionPercent: fields.retentionPercent ?? DEFAULT_RETENTION_PERCENT,
    retentionLimitPercent: fields.retentionLimitPercent ?? DEFAULT_RETENTION_LIMIT_PERCENT,
    retentionLimit: valuation.retentionLimit === null ? null : formatSen(valuation.retentionLimit),
    retention: formatSen(valuation.retention),
    netValuation: formatSen(valuation.netValuation),
    previousCertified: formatSen(sen(fields.previousCertifiedAmount)),
    amountDue: formatSen(valuation.amountDue),
    sst: formatSen(valuation.sst),
    totalPayable: formatSen(valuation.totalPayable),
  };
}

/** Tender statuses in which it has an award (the contract round's amount). */
const TENDER_AWARD_STATUSES: ReadonlySet<string> = new Set([
  'draftContract',
  'pendingContractApproval',
  'contractAwarded',
  'draftContractRejected',
]);
const ORDERS_FROM_AWARDS: ReadonlySet<DocumentResource> = new Set(['purchaseOrder', 'workOrder', 'rentalOrder']);

/**
 * The base the 1.5% is charged on, or null where no fee applies: an award's value before SST (a tender
 * with its contract drafted, a letter of award, an order drawn from a tender), a payment certificate's
 * certified amount before SST (its valuation's amount due). Always the document's shown subtotal, never a
 * figure from elsewhere (the approval round's amount is the shown total: document.decider.ts approvalAmount).
 */
export function transactionFeeBase(state: Pick<DocumentState, 'resource' | 'fields' | 'workflow'>): bigint | null {
  const { resource, fields } = state;
  if (
    resource === 'letterOfAward' ||
    (resource === 'tender' && TENDER_AWARD_STATUSES.has(state.workflow.status)) ||
    (ORDERS_FROM_AWARDS.has(resource) && fields.sourceDocumentId)
  ) {
    return sen(fields.totals.subtotal);
  }
  // A payment certificate's amount due (its shown subtotal); one without a valuation shows nothing and pays nothing.
  if (resource === 'paymentCertificate' && tradeValuationOf(fields) !== null) return sen(fields.totals.subtotal);
  return null;
}

export function feesOf(state: Pick<DocumentState, 'resource' | 'fields' | 'workflow'>): DocumentFeesView {
  const base = transactionFeeBase(state);
  return {
    transactionFee:
      base === null
        ? null
        : { percent: formatPercent(BigInt(TRANSACTION_FEE_BASIS_POINTS)), base: formatSen(base), amount: formatSen(transactionFee(base)) },
    tradeCertificate: state.resource === 'paymentCertificate' ? tradeCertificateView(state.fields) : null,
  };
}

/** Tender statuses before bidding closes: where a close time is still ahead of the tender. */
const TENDER_OPEN_STATUSES: ReadonlySet<string> = new Set(['new', 'pendingActivation', 'rejected', 'active']);

/**
 * A tender that closes within 30 minutes of being created (spec §5.3, §9), or of the edit that last set
 * its fields: accepted, with a warning, until bidding closes.
 */
export function warningsOf(state: Pick<DocumentState, 'resource' | 'fields' | 'fieldsChangedAt' | 'workflow'>): DocumentWarning[] {
  const { closeAt } = state.fields;
  if (state.resource !== 'tender' || !closeAt || !TENDER_OPEN_STATUSES.has(state.workflow.status)) return [];
  const minutes = (Date.parse(closeAt) - Date.parse(state.fieldsChangedAt)) / 60_000;
  if (minutes >= TENDER_CLOSES_SOON_MINUTES) return [];
  return [
    {
      code: 'tenderClosesSoon',
      message: `The tender closes ${Math.max(0, Math.round(minutes))} minutes after it was saved: bidders may not have time to reply.`,
      field: 'closeAt',
    },
  ];
}

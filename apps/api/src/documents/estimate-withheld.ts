// A tender's rates, amounts, totals and budget range are the buyer's own estimate. The company a tender is
// addressed to (its counterparty, a bidder) reads the tender's lines without them, as an invited seller does
// (tendering's GET /tendering/tenders/<id>): a bidder who saw the buyer's estimate would price to it, and a
// pre-tender estimate is confidential in every procurement practice this platform follows (documents README,
// "What a counterparty sees"). Only the owner company reads them.
import type { DocumentResource, DocumentView } from '@binaan/contracts';

/** The kinds whose amounts are the owner's estimate. */
const ESTIMATE_KINDS: ReadonlySet<string> = new Set<DocumentResource>(['tender']);

/** Whether a document of this kind, received (the reader is its counterparty), is read without the owner's estimate. */
export const receivedWithoutEstimate = (resource: string, received: boolean): boolean => received && ESTIMATE_KINDS.has(resource);

/** Whether a reader of this company sees the document without the owner's estimate. */
export const estimateWithheld = (resource: string, ownerCompanyId: string, readerCompanyId: string | null): boolean =>
  receivedWithoutEstimate(resource, readerCompanyId !== ownerCompanyId);

/** The view without the estimate: lines without rate and amount, no totals, no budget range, no fee (its base is the estimate). */
export function withoutEstimate(view: DocumentView): DocumentView {
  return {
    ...view,
    // A line's BQ row is the buyer's own (its project's bill of quantity, which the bidder cannot open).
    items: view.items.map(({ bqItemId: _bqRow, ...line }) => ({ ...line, rate: null, amount: null })),
    totals: null,
    ...('minimumAmount' in view ? { minimumAmount: null } : {}),
    ...('maximumAmount' in view ? { maximumAmount: null } : {}),
    fees: { ...view.fees, transactionFee: null },
  };
}

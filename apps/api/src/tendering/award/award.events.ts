// The award of a tender: stream `tenderAward-<tenderId>` (type `tenderAward`), one
// `TenderAwarded` per award round (a rejected contract is drafted again with another award). It names the
// chosen seller, the letter of award and the draft order made from its quotation, and the sellers told
// they were unsuccessful; the figures stay on those documents (the award's total is the chosen seller's
// own, never another's).
export type TenderAwarded = {
  tenderId: string;
  /** The tender's number, for the unsuccessful sellers' notification. */
  tenderDocumentNo: string;
  buyerCompanyId: string;
  sellerCompanyId: string;
  /** The quotation's revision the documents were made from. */
  quotationRevision: number;
  orderKind: AwardOrderKind;
  letterOfAwardId: string;
  orderId: string;
  /** The tender's revision after its Draft_Contract (so a resumed award knows its round). */
  contractRevision: number;
  unsuccessfulSellerIds: string[];
  by: string;
};

export const AWARD_ORDER_KINDS = ['purchaseOrder', 'workOrder', 'rentalOrder'] as const;
export type AwardOrderKind = (typeof AWARD_ORDER_KINDS)[number];

export const AWARD_STREAM_TYPE = 'tenderAward';
export const awardStream = (tenderId: string) => `${AWARD_STREAM_TYPE}-${tenderId}`;

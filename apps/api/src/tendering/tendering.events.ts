// Events of the tendering context. The tender itself stays the `tender` document (stream `tender-<id>`:
// items, open and close times, the tender machine's statuses, the manual Close to comparison). Beside it:
//   `tenderInvitations-<tenderId>` (type `tenderInvitations`): the sellers the buyer invited, one event each;
//   `tenderQuotation-<tenderId>-<sellerCompanyId>` (type `tenderQuotation`): one seller's quotation, its
//   submission and every revision, each carrying the whole set of rates (what the seller sent, as sent).
// Rates and totals live only in the quotation streams: no read model holds them (sealed bids).

export type TenderSellerInvited = {
  tenderId: string;
  invitationId: string;
  buyerCompanyId: string;
  sellerCompanyId: string;
  by: string;
};

export type QuotedLine = { lineNo: number; rate: string; includeZeroRate: boolean; amount: string };

export type QuotationData = {
  tenderId: string;
  sellerCompanyId: string;
  /** The tender's revision the rates were given against (an addendum, later, asks for them again). */
  tenderRevision: number;
  items: QuotedLine[];
  total: string;
  by: string;
};

export type TenderingEvent =
  | { type: 'TenderSellerInvited'; data: TenderSellerInvited }
  | { type: 'QuotationSubmitted'; data: QuotationData }
  | { type: 'QuotationRevised'; data: QuotationData }
  | { type: 'QuotationConfirmed'; data: QuotationData };

export const INVITATIONS_STREAM_TYPE = 'tenderInvitations';
export const QUOTATION_STREAM_TYPE = 'tenderQuotation';
export const invitationsStream = (tenderId: string) => `${INVITATIONS_STREAM_TYPE}-${tenderId}`;
export const quotationStream = (tenderId: string, sellerCompanyId: string) => `${QUOTATION_STREAM_TYPE}-${tenderId}-${sellerCompanyId}`;

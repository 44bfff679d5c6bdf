// Events of a tender's query board (spec §2.6 "Tender queries"), stream `tenderQueries-<tenderId>` (type
// `tenderQueries`): an invited seller's question, and the buyer's answer to it, published to every invitee
// without the asker (the asker's company stays in the question event, which only the buyer's reads show).
export type TenderQueryAsked = {
  tenderId: string;
  queryId: string;
  sellerCompanyId: string;
  question: string;
  by: string;
};

export type TenderQueryAnswered = {
  tenderId: string;
  queryId: string;
  answer: string;
  by: string;
};

export type TenderQueryEvent =
  { type: 'TenderQueryAsked'; data: TenderQueryAsked } | { type: 'TenderQueryAnswered'; data: TenderQueryAnswered };

export const QUERIES_STREAM_TYPE = 'tenderQueries';
export const queriesStream = (tenderId: string) => `${QUERIES_STREAM_TYPE}-${tenderId}`;

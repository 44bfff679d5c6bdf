// The tender exchange's calls (apps/api/src/tendering/README.md, "Queries" and "Addenda"): the query board,
// the addenda and the seller's confirmation. Shapes as the api answers them; nothing here carries a rate.
import { adminJson } from '../providers/admin-request.js';

const tenderPath = (tenderId: string) => `/api/tendering/tenders/${encodeURIComponent(tenderId)}`;

export type BoardQuery = {
  queryId: string;
  question: string;
  askedAt: string;
  answered: boolean;
  answer: string | null;
  answeredAt: string | null;
  /** Seller side: whether the caller's company asked it (the asker is never named to another seller). */
  own?: boolean;
  /** Buyer side: who asked. */
  sellerCompanyId?: string;
  sellerName?: string | null;
  askedByName?: string | null;
  answeredByName?: string | null;
};
export type Board = { buyer: boolean; from: number; hasMore: boolean; data: BoardQuery[] };

export type AddendumLine = { lineNo: number; description: string; unit: string; quantity: string };
export type Addendum = {
  addendumId: string;
  number: number;
  note: string;
  added: AddendumLine[];
  changed: AddendumLine[];
  removed: number[];
  openAt?: string | null;
  closeAt?: string | null;
  tenderRevision: number;
  issuedAt: string;
  issuedByName?: string | null;
};
export type Confirmation = { sellerCompanyId: string; sellerName: string | null; quoted: boolean; toConfirm: boolean };
export type Addenda = {
  closeAt: string | null;
  status?: string;
  lastAddendumRevision: number;
  data: Addendum[];
  /** Seller: its own quotation's standing. */
  quotation?: { revision: number; tenderRevision: number; toConfirm: boolean } | null;
  /** Buyer: each invitee's. */
  confirmations?: Confirmation[];
};

export type AddendumBody = {
  note: string;
  items?: {
    add?: { description: string; unit: string; quantity: string }[];
    change?: { lineNo: number; quantity?: string; description?: string; unit?: string }[];
    remove?: number[];
  };
  openAt?: string;
  closeAt?: string;
};

export const PAGE = 50;
export const board = (tenderId: string, from = 0) =>
  adminJson<Board>(`${tenderPath(tenderId)}/queries?range=${encodeURIComponent(JSON.stringify([from, from + PAGE - 1]))}`);
export const ask = (tenderId: string, question: string) =>
  adminJson<{ queryId: string }>(`${tenderPath(tenderId)}/queries`, { method: 'POST', body: { question } });
export const answer = (tenderId: string, queryId: string, text: string) =>
  adminJson<{ queryId: string }>(`${tenderPath(tenderId)}/queries/${encodeURIComponent(queryId)}/answer`, {
    method: 'POST',
    body: { answer: text },
  });
export const addenda = (tenderId: string) => adminJson<Addenda>(`${tenderPath(tenderId)}/addenda`);
export const issueAddendum = (tenderId: string, body: AddendumBody, revision: number) =>
  adminJson<{ addendumId: string; number: number; revision: number; warnings: string[] }>(`${tenderPath(tenderId)}/addenda`, {
    method: 'POST',
    body,
    headers: { 'If-Match': `"${revision}"` },
  });
export const confirmQuotation = (tenderId: string, revision: number) =>
  adminJson<{ revision: number; total: string }>(`${tenderPath(tenderId)}/quotation/confirm`, {
    method: 'POST',
    body: {},
    headers: { 'If-Match': `"${revision}"` },
  });

// The award tab's calls (POST /api/tendering/tenders/<id>/award, GET .../awards) and the choices it offers:
// the sellers of the comparison sheet by rank, the three kinds of order an award drafts, and the page a
// document made by the award opens on.
import { adminJson } from '../../providers/admin-request.js';
import type { ComparisonSeller, ComparisonSheet } from '../comparison/comparison-model.js';

export const ORDER_KINDS = ['purchaseOrder', 'workOrder', 'rentalOrder'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** Statuses past the close in which the tab shows (the award itself is taken in comparison / draftContractRejected). */
export const PAST_CLOSE = new Set(['comparison', 'draftContract', 'pendingContractApproval', 'contractAwarded', 'draftContractRejected']);
/** Statuses in which the api takes an award (README "Comparison, analysis and award"). */
export const AWARDABLE = new Set(['comparison', 'draftContractRejected']);

export type AwardReply = {
  status: string;
  sellerCompanyId: string;
  total: string;
  letterOfAward: { id: string; documentNo: string; status: string };
  order: { resource: OrderKind; id: string; documentNo: string; status: string };
  unsuccessful: string[];
};
export type AwardRecord = {
  revision: number;
  at: string;
  actorUserId: string | null;
  sellerCompanyId: string;
  orderKind: OrderKind;
  letterOfAwardId: string;
  orderId: string;
  unsuccessfulSellerIds: string[];
  tenderDocumentNo: string;
  contractRevision: number;
};

const base = (tenderId: string) => `/api/tendering/tenders/${encodeURIComponent(tenderId)}`;

export const award = (tenderId: string, sellerCompanyId: string, orderKind: OrderKind) =>
  adminJson<AwardReply>(`${base(tenderId)}/award`, { method: 'POST', body: { sellerCompanyId, orderKind } });

export const loadAwards = async (tenderId: string) => (await adminJson<{ data: AwardRecord[] }>(`${base(tenderId)}/awards`)).data;

/** The sellers to choose from, best rank first (ties by name, as the sheet lists them). */
export const sellersByRank = (sellers: readonly ComparisonSeller[]): ComparisonSeller[] => [...sellers].sort((a, b) => a.rank - b.rank);

/** A document's page in the signed-in area. */
export const documentPath = (resource: string, id: string) => `/${resource}/${encodeURIComponent(id)}/show`;

/** A seller's name, or its id when the directory has none. */
export const nameOf = (sellers: readonly Pick<ComparisonSeller, 'sellerCompanyId' | 'sellerName'>[], id: string) =>
  sellers.find((s) => s.sellerCompanyId === id)?.sellerName ?? id;

/** The sheet's sellers with their totals and ranks: every page carries them, so one line is enough. */
export const loadSellers = async (tenderId: string) =>
  sellersByRank((await adminJson<ComparisonSheet>(`${base(tenderId)}/comparison?limit=1`)).sellers);

/**
 * Whether the api takes an award now: in comparison or after a rejected contract, or in draftContract when no
 * award names the tender's revision (an award stopped half-way, or Draft contract pressed on the tender itself).
 */
export const awardable = (status: string, revision: number, awards: readonly Pick<AwardRecord, 'contractRevision'>[]) =>
  AWARDABLE.has(status) || (status === 'draftContract' && !awards.some((a) => a.contractRevision === revision));

// The tendering context's calls (apps/api/src/tendering/README.md): the buyer's invitations and the sealed
// quotations, the seller's received list, tender and quotation. Shapes as the api answers them; no rate or
// total ever reaches the buyer's side before the close (the api leaves them out, this only types them optional).
import { adminJson, adminRequest } from '../providers/admin-request.js';

const BASE = '/api/tendering';
const tenderPath = (tenderId: string) => `${BASE}/tenders/${encodeURIComponent(tenderId)}`;

export type Invitee = {
  sellerCompanyId: string;
  sellerName: string | null;
  invitationId: string;
  invitedAt: string;
  invitedBy?: string | null;
  invitedByName?: string | null;
  quoted: boolean;
  quotedAt: string | null;
  quotationRevision: number | null;
};
export type Invitations = { sealed: boolean; status: string; data: Invitee[] };

export type QuotedItem = { lineNo: number; rate: string; includeZeroRate: boolean; amount: string };
export type Quotation = {
  sellerCompanyId: string;
  sellerName: string | null;
  revision: number;
  submittedAt: string;
  revisedAt: string;
  sealed: boolean;
  total?: string;
  items?: QuotedItem[];
  /** Its files, where the rates are shown (the seller's own; the buyer's once opened). */
  attachments?: { attachmentId: string; name: string; mediaType: string; size: number }[];
};
export type Quotations = { sealed: boolean; status: string; data: Quotation[] };
export type QuotationVersion = {
  revision: number;
  at: string;
  action: string;
  actorUserId: string | null;
  actorName: string | null;
  total?: string;
  items?: QuotedItem[];
};

export type ReceivedTender = {
  id: string;
  documentNo: string | null;
  title: string | null;
  status: string | null;
  buyerCompanyId: string;
  buyerName: string | null;
  invitedAt: string;
  quoted: boolean;
  quotedAt: string | null;
};
export type SellerTenderItem = { lineNo: number; description: string; unit: string; quantity: string };
export type SellerTender = {
  id: string;
  documentNo: string;
  title: string;
  status: string;
  buyerCompanyId: string;
  openAt: string | null;
  closeAt: string | null;
  serverTime: string;
  items: SellerTenderItem[];
  quotation: Quotation | null;
};
export type QuoteLine = { lineNo: number; rate: string; includeZeroRate?: boolean };

export const invitations = (tenderId: string) => adminJson<Invitations>(`${tenderPath(tenderId)}/invitations`);
/** §9: the company's tender invitations this subscription year (limit and remaining null: unlimited). */
export type InvitationAllowance = {
  tier: 'basic' | 'advanced' | 'elite';
  limit: number | null;
  used: number;
  remaining: number | null;
  warning: boolean;
  periodStart: string;
  periodEnd: string;
};

export const invite = (tenderId: string, companyIds: readonly string[]) =>
  adminJson<{ invited: string[]; allowance: InvitationAllowance }>(`${tenderPath(tenderId)}/invitations`, {
    method: 'POST',
    body: { companyIds },
  });

export const invitationAllowance = () => adminJson<InvitationAllowance>(`${BASE}/invitation-allowance`);
export const quotations = (tenderId: string) => adminJson<Quotations>(`${tenderPath(tenderId)}/quotations`);
export const quotationHistory = (tenderId: string, sellerCompanyId: string) =>
  adminJson<{ sealed: boolean; data: QuotationVersion[] }>(
    `${tenderPath(tenderId)}/quotations/${encodeURIComponent(sellerCompanyId)}/history`,
  );
export const sellerTender = (tenderId: string) => adminJson<SellerTender>(tenderPath(tenderId));

/** Submit (no revision yet) or revise (If-Match: the quotation's revision; a stale one is 409). */
export const submitQuotation = (tenderId: string, items: readonly QuoteLine[], revision: number | null) =>
  adminJson<Quotation & { status: 'submitted' | 'revised' }>(`${tenderPath(tenderId)}/quotation`, {
    method: 'PUT',
    body: { items },
    ...(revision === null ? {} : { headers: { 'If-Match': `"${revision}"` } }),
  });

/** A page of the received list: rows and the Content-Range total (capped: the count stopped at its cap). */
export async function receivedTenders(from: number, to: number): Promise<{ rows: ReceivedTender[]; total: number; capped: boolean }> {
  const reply = await adminRequest<ReceivedTender[]>(`${BASE}/received?range=${encodeURIComponent(JSON.stringify([from, to]))}`);
  const total = Number(/\/(\d+)$/.exec(reply.headers.get('Content-Range') ?? '')?.[1] ?? reply.json.length);
  return { rows: reply.json, total, capped: reply.headers.get('X-Total-Capped') === 'true' };
}

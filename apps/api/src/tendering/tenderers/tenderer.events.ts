// Events of a buyer's approved list of tenderers (spec §2.6 "Lists of tenderers"): one stream per
// buyer company and listed company, `approvedTenderer-<buyerCompanyId>-<companyId>` (type `approvedTenderer`).
// Statuses: pending (proposed), approved, rejected; each change with its actor and, for a decision, a remark.
export type TendererProposed = { buyerCompanyId: string; companyId: string; note: string | null; by: string };
export type TendererApproved = { buyerCompanyId: string; companyId: string; remark: string | null; by: string };
export type TendererRejected = { buyerCompanyId: string; companyId: string; remark: string; by: string };

export type TendererEvent =
  | { type: 'TendererProposed'; data: TendererProposed }
  | { type: 'TendererApproved'; data: TendererApproved }
  | { type: 'TendererRejected'; data: TendererRejected };

export const TENDERER_STREAM_TYPE = 'approvedTenderer';
export const tendererStream = (buyerCompanyId: string, companyId: string) => `${TENDERER_STREAM_TYPE}-${buyerCompanyId}-${companyId}`;

export const TENDERER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TendererStatus = (typeof TENDERER_STATUSES)[number];

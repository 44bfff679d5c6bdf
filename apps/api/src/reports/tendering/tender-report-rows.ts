// The tendering reports' rows, one row per stream, each folded from the events of the stream it mirrors:
// the tender document (whose company, which project, when it first went active), its invitation list (who
// was invited, when), each seller's quotation (when first submitted) and the award (the latest award's
// seller). No rate, amount or total is kept: the reports count, and sealed bids stay in their streams.
import type { DocumentDrafted, DocumentEdited, WorkflowStatusChanged } from '@binaan/contracts';
import type { RowSource } from '../report-rows.js';
import type { QuotationData, TenderSellerInvited } from '../../tendering/tendering.events.js';
import { INVITATIONS_STREAM_TYPE, QUOTATION_STREAM_TYPE } from '../../tendering/tendering.events.js';
import type { TenderAwarded } from '../../tendering/award/award.events.js';
import { AWARD_STREAM_TYPE } from '../../tendering/award/award.events.js';

export const TENDER_STREAM_TYPE = 'tender';

export type TenderRow = {
  stream_id: string;
  tender_id: string;
  company_id: string;
  project_id: string | null;
  activated_at: string | null;
};

/** Stream `tender-<id>`: a tender is issued when it first goes active (the machine's statusAfter `active`). */
export const tenderRows: RowSource<TenderRow> = {
  table: 'report_tenders',
  columns: { stream_id: 'text', tender_id: 'text', company_id: 'text', project_id: 'text', activated_at: 'timestamptz' },
  fold(row, event) {
    if (event.streamType !== TENDER_STREAM_TYPE) return row;
    if (event.type === 'DocumentDrafted') {
      const { data } = event as unknown as DocumentDrafted;
      return {
        stream_id: event.streamId,
        tender_id: data.documentId,
        company_id: data.companyId,
        project_id: data.fields.projectId ?? null,
        activated_at: null,
      };
    }
    if (!row) return row;
    if (event.type === 'DocumentEdited') {
      const { changes } = (event as unknown as DocumentEdited).data;
      return 'projectId' in changes ? { ...row, project_id: changes.projectId ?? null } : row;
    }
    if (event.type === 'WorkflowStatusChanged') {
      const data = event.data as unknown as WorkflowStatusChanged;
      if (data.statusAfter === 'active' && row.activated_at === null) return { ...row, activated_at: event.metadata.recordedAt };
    }
    return row;
  },
};

/** One invited seller: `s` the seller company, `at` when it was invited (ISO). */
export type InvitedSeller = { s: string; at: string };
export type InvitationRow = { stream_id: string; tender_id: string; buyer_company_id: string; sellers: string };

/** Stream `tenderInvitations-<tenderId>`: the sellers invited, as a JSON array of InvitedSeller (text). */
export const invitationRows: RowSource<InvitationRow> = {
  table: 'report_tender_invitations',
  columns: { stream_id: 'text', tender_id: 'text', buyer_company_id: 'text', sellers: 'text' },
  fold(row, event) {
    if (event.streamType !== INVITATIONS_STREAM_TYPE || event.type !== 'TenderSellerInvited') return row;
    const data = event.data as unknown as TenderSellerInvited;
    const sellers: InvitedSeller[] = row ? (JSON.parse(row.sellers) as InvitedSeller[]) : [];
    if (sellers.some((seller) => seller.s === data.sellerCompanyId)) return row;
    sellers.push({ s: data.sellerCompanyId, at: event.metadata.recordedAt });
    return { stream_id: event.streamId, tender_id: data.tenderId, buyer_company_id: data.buyerCompanyId, sellers: JSON.stringify(sellers) };
  },
};

export type QuotationRow = { stream_id: string; tender_id: string; seller_company_id: string; quoted_at: string };

/** Stream `tenderQuotation-<tenderId>-<sellerId>`: the seller responded when it first submitted. */
export const quotationRows: RowSource<QuotationRow> = {
  table: 'report_tender_quotations',
  columns: { stream_id: 'text', tender_id: 'text', seller_company_id: 'text', quoted_at: 'timestamptz' },
  fold(row, event) {
    if (row || event.streamType !== QUOTATION_STREAM_TYPE || !QUOTATION_TYPES.has(event.type)) return row;
    const data = event.data as unknown as QuotationData;
    return {
      stream_id: event.streamId,
      tender_id: data.tenderId,
      seller_company_id: data.sellerCompanyId,
      quoted_at: event.metadata.recordedAt,
    };
  },
};
const QUOTATION_TYPES = new Set(['QuotationSubmitted', 'QuotationRevised', 'QuotationConfirmed']);

export type AwardRow = { stream_id: string; tender_id: string; buyer_company_id: string; seller_company_id: string; awarded_at: string };

/** Stream `tenderAward-<tenderId>`: the latest award round names the seller that won. */
export const awardRows: RowSource<AwardRow> = {
  table: 'report_tender_awards',
  columns: { stream_id: 'text', tender_id: 'text', buyer_company_id: 'text', seller_company_id: 'text', awarded_at: 'timestamptz' },
  fold(row, event) {
    if (event.streamType !== AWARD_STREAM_TYPE || event.type !== 'TenderAwarded') return row;
    const data = event.data as unknown as TenderAwarded;
    return {
      stream_id: event.streamId,
      tender_id: data.tenderId,
      buyer_company_id: data.buyerCompanyId,
      seller_company_id: data.sellerCompanyId,
      awarded_at: event.metadata.recordedAt,
    };
  },
};

/** The stream types these rows read: the projection's inline answer leaves every other append alone. */
export const TENDER_REPORT_STREAM_TYPES = new Set([TENDER_STREAM_TYPE, INVITATIONS_STREAM_TYPE, QUOTATION_STREAM_TYPE, AWARD_STREAM_TYPE]);

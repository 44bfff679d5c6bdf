// The tendering context's write and read model: invitations and sealed quotations beside the `tender`
// document. Commands fold the tender's stream (the documents context's own fold), the invitation list and
// the seller's quotation, decide (tendering.decider.ts) and append with the expected revision; reads never
// give the buyer a rate or a total before the tender is closed (isUnsealed).
import { refusal } from '../common/refusal.js';
import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyLevels } from '../authority/authority-reads.js';
import { companyOf } from '../authority/authority.service.js';
import { pageRange } from '../common/page-range.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../common/principal.js';
import { isInDirectory } from '../companies/company-directory.js';
import { documentStreamId, foldDocument } from '../documents/document.state.js';
import { mergeLevels, projectLevels } from '../projects/project-reads.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import { foldQuotationFiles, quotationFilesStream } from './attachments/quotation-files.events.js';
import {
  decideInvite,
  decideQuote,
  foldInvitations,
  foldQuotation,
  isUnsealed,
  parseInvitation,
  parseQuotation,
  type QuotationState,
  type TenderFacts,
} from './tendering.decider.js';
import { InvitationAllowanceService } from './allowance/invitation-allowance.service.js';
import {
  invitationsStream,
  INVITATIONS_STREAM_TYPE,
  quotationStream,
  QUOTATION_STREAM_TYPE,
  type QuotationData,
  type TenderingEvent,
} from './tendering.events.js';
import { isUuid } from '../common/uuid.js';
import { iso } from '../common/iso.js';

const notFound = () => refusal(404, 'tenderNotFound', 'No such tender.');
/** The received list's count stops here (DocumentListTotalCap's value): `X-Total-Capped: true`. */
const TOTAL_CAP = 10_000;

export type Tender = Omit<TenderFacts, 'items'> & {
  documentNo: string;
  title: string;
  projectId: string | null;
  items: { lineNo: number; description: string; unit: string; quantity: string }[];
};

/** A quotation as a reader may see it: rates and total only once unsealed (or for the seller itself). */
export type QuotationRow = {
  sellerCompanyId: string;
  sellerName: string | null;
  revision: number;
  submittedAt: string;
  revisedAt: string;
  sealed: boolean;
  total?: string;
  items?: { lineNo: number; rate: string; includeZeroRate: boolean; amount: string }[];
  /** Its files (name, type, size), like the rates only once unsealed (or for the seller itself). */
  attachments?: { attachmentId: string; name: string; mediaType: string; size: number }[];
};

@Injectable()
export class TenderingService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly allowance: InvitationAllowanceService,
  ) {}

  /** The buyer invites sellers of its directory: one TenderSellerInvited each, all or none, within §9's yearly allowance. */
  async invite(principal: Principal, tenderId: string, body: unknown) {
    const companyId = companyOf(principal);
    const tender = await this.ownTender(tenderId, companyId);
    await this.mustPropose(principal, tender);
    const companyIds = parseInvitation(body);
    const events = await this.store.readStream(invitationsStream(tender.id));
    const inDirectory = new Set<string>();
    for (const id of companyIds) if (await isInDirectory(this.db, companyId, id)) inDirectory.add(id);
    const invitationId = (seller: string) => createHash('sha256').update(`${tender.id}|${seller}`).digest('hex').slice(0, 32);
    const decided = decideInvite(
      tender,
      foldInvitations(events),
      companyIds,
      inDirectory,
      { by: principal.userId, invitationId },
      this.now(),
    );
    const revision = await this.allowance.withinAllowance(tender.companyId, decided.length, () =>
      this.append(
        invitationsStream(tender.id),
        INVITATIONS_STREAM_TYPE,
        events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
        decided,
        principal,
      ),
    );
    return {
      success: true as const,
      tenderId: tender.id,
      revision,
      invited: companyIds,
      allowance: await this.allowance.of(tender.companyId),
    };
  }

  /** The buyer's list of invitees: who quoted and when, never what (a sealed bid's rates stay in its stream). */
  async invitations(principal: Principal, tenderId: string) {
    const companyId = companyOf(principal);
    const tender = await this.ownTender(tenderId, companyId);
    const rows = await this.db.query<{
      seller_company_id: string;
      name: string | null;
      invitation_id: string;
      invited_at: Date | string;
      quoted_at: Date | string | null;
      quotation_revision: number | null;
      invited_by: string;
      invited_by_name: string | null;
    }>(
      `SELECT ti.seller_company_id, c.name, ti.invitation_id, ti.invited_at, ti.quoted_at, ti.quotation_revision, ti.invited_by, u.name AS invited_by_name
         FROM tender_invitations ti LEFT JOIN companies c ON c.company_id = ti.seller_company_id
         LEFT JOIN identity_users u ON u.user_id = ti.invited_by
        WHERE ti.tender_id = $1 ORDER BY ti.invited_at, ti.seller_company_id`,
      [tender.id],
    );
    return {
      success: true as const,
      tenderId: tender.id,
      status: tender.status,
      sealed: !isUnsealed(tender),
      data: rows.map((r) => ({
        sellerCompanyId: r.seller_company_id,
        sellerName: r.name,
        invitationId: r.invitation_id,
        invitedAt: iso(r.invited_at),
        invitedBy: r.invited_by,
        invitedByName: r.invited_by_name,
        quoted: r.quoted_at !== null,
        quotedAt: r.quoted_at === null ? null : iso(r.quoted_at),
        quotationRevision: r.quotation_revision === null ? null : Number(r.quotation_revision),
      })),
    };
  }

  /** The seller's received tenders (invitations), newest first: one ordered index range, no count beyond the page. */
  async received(principal: Principal, query: Record<string, unknown>) {
    const companyId = companyOf(principal);
    const { from, to } = pageRange(query.range);
    const unknown = Object.keys(query).filter((key) => key !== 'range');
    if (unknown.length > 0)
      throw refusal(400, 'validationFailed', `Unknown parameter: ${unknown.join(', ')}.`, {
        fields: Object.fromEntries(unknown.map((key) => [key, ['unknownField']])),
      });
    const rows = await this.db.query<{
      tender_id: string;
      buyer_company_id: string;
      buyer_name: string | null;
      invited_at: Date | string;
      quoted_at: Date | string | null;
      document_no: string | null;
      title: string | null;
      status: string | null;
      total_count: string | number;
    }>(
      `SELECT ti.tender_id, ti.buyer_company_id, c.name AS buyer_name, ti.invited_at, ti.quoted_at, d.document_no, d.title, d.status
         FROM (SELECT * FROM tender_invitations WHERE seller_company_id = $1 ORDER BY invited_at DESC, tender_id DESC LIMIT $2 OFFSET $3) ti
         LEFT JOIN companies c ON c.company_id = ti.buyer_company_id
         LEFT JOIN documents d ON d.id = ti.tender_id
        ORDER BY ti.invited_at DESC, ti.tender_id DESC`,
      [companyId, to - from + 1, from],
    );
    // A page shorter than asked (and not empty) is the last: its total is known without a count; otherwise
    // the count stops at TOTAL_CAP (the documents lists' rule), so a page costs the same at any size.
    const total =
      rows.length > 0 && rows.length < to - from + 1
        ? from + rows.length
        : Number(
            (
              await this.db.query<{ n: string | number }>(
                `SELECT count(*) AS n FROM (SELECT 1 FROM tender_invitations WHERE seller_company_id = $1 LIMIT ${TOTAL_CAP}) capped`,
                [companyId],
              )
            )[0]!.n,
          );
    return {
      from,
      total,
      capped: total >= TOTAL_CAP,
      rows: rows.map((r) => ({
        id: r.tender_id,
        documentNo: r.document_no,
        title: r.title,
        status: r.status,
        buyerCompanyId: r.buyer_company_id,
        buyerName: r.buyer_name,
        invitedAt: iso(r.invited_at),
        quoted: r.quoted_at !== null,
        quotedAt: r.quoted_at === null ? null : iso(r.quoted_at),
      })),
    };
  }

  /** The tender as an invited seller reads it (items without the buyer's own rates and budget), with its own quotation. */
  async tender(principal: Principal, tenderId: string) {
    const companyId = companyOf(principal);
    const { tender, quotation } = await this.invitedTender(tenderId, companyId);
    return {
      success: true as const,
      id: tender.id,
      documentNo: tender.documentNo,
      title: tender.title,
      status: tender.status,
      buyerCompanyId: tender.companyId,
      openAt: tender.openAt,
      closeAt: tender.closeAt,
      serverTime: this.now().toISOString(),
      items: tender.items.map(({ lineNo, description, unit, quantity }) => ({ lineNo, description, unit, quantity })),
      quotation: quotation === null ? null : this.row(quotation, null, false),
    };
  }

  /** Submit or revise the seller's quotation (If-Match: its revision, when given). */
  async quote(principal: Principal, tenderId: string, body: unknown, ifMatch: string | undefined) {
    const companyId = companyOf(principal);
    const { tender, invited, quotation, events } = await this.invitedTender(tenderId, companyId);
    if (ifMatch !== undefined) {
      const expected = ifMatch.replace(/^(W\/)?"?|"?$/g, '');
      if (expected !== String(quotation?.revision ?? -1))
        throw refusal(409, 'wrongExpectedRevision', `The quotation is at revision ${quotation?.revision ?? 'none'}. Read it again.`);
    }
    const quote = parseQuotation(body, tender);
    const event = decideQuote(tender, invited, quotation, companyId, quote, principal.userId, this.now());
    const revision = await this.append(
      quotationStream(tender.id, companyId),
      QUOTATION_STREAM_TYPE,
      events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
      [event],
      principal,
    );
    const after = foldQuotation(await this.store.readStream(quotationStream(tender.id, companyId)))!;
    return {
      ...this.row(after, null, false),
      success: true as const,
      tenderId: tender.id,
      revision,
      status: event.type === 'QuotationSubmitted' ? 'submitted' : 'revised',
    };
  }

  /** The buyer: every quotation, sealed (who and when only) until the close. The seller: its own. */
  async quotations(principal: Principal, tenderId: string) {
    const companyId = companyOf(principal);
    const tender = await this.visibleTender(tenderId, companyId);
    const buyer = tender.companyId === companyId;
    const sellers = buyer
      ? (
          await this.db.query<{ seller_company_id: string }>(
            'SELECT seller_company_id FROM tender_invitations WHERE tender_id = $1 AND quoted_at IS NOT NULL ORDER BY seller_company_id',
            [tender.id],
          )
        ).map((r) => r.seller_company_id)
      : [companyId];
    const names = await this.names(sellers);
    const sealed = buyer && !isUnsealed(tender);
    const data: QuotationRow[] = [];
    for (const seller of sellers) {
      const state = foldQuotation(await this.store.readStream(quotationStream(tender.id, seller)));
      if (!state) continue;
      const row = this.row(state, names.get(seller) ?? null, sealed);
      if (!sealed) {
        const files = foldQuotationFiles(await this.store.readStream(quotationFilesStream(tender.id, seller)));
        row.attachments = [...files.values()].map(({ attachmentId, name, mediaType, size }) => ({ attachmentId, name, mediaType, size }));
      }
      data.push(row);
    }
    return { success: true as const, tenderId: tender.id, status: tender.status, sealed, data };
  }

  /** One quotation's history: each submission and revision with its actor and time; rates only where the reader may see them. */
  async history(principal: Principal, tenderId: string, sellerCompanyId: string) {
    const companyId = companyOf(principal);
    const tender = await this.visibleTender(tenderId, companyId);
    const buyer = tender.companyId === companyId;
    if (!buyer && sellerCompanyId !== companyId) throw refusal(404, 'quotationNotFound', 'No such quotation.');
    const events = sellerCompanyId.length <= 100 ? await this.store.readStream(quotationStream(tender.id, sellerCompanyId)) : [];
    if (events.length === 0) throw refusal(404, 'quotationNotFound', 'No such quotation.');
    const sealed = buyer && !isUnsealed(tender);
    const names = await this.userNames(events.map((e) => e.metadata.actorUserId).filter((id): id is string => typeof id === 'string'));
    return {
      success: true as const,
      tenderId: tender.id,
      sellerCompanyId,
      sealed,
      data: events.map((event) => {
        const data = event.data as unknown as QuotationData;
        const actor = event.metadata.actorUserId ?? null;
        return {
          revision: event.revision,
          at: event.metadata.recordedAt,
          action: event.type,
          actorUserId: actor,
          actorName: actor ? (names.get(actor) ?? null) : null,
          ...(sealed ? {} : { total: data.total, items: data.items }),
        };
      }),
    };
  }

  private row(state: QuotationState, sellerName: string | null, sealed: boolean): QuotationRow {
    const base = {
      sellerCompanyId: state.data.sellerCompanyId,
      sellerName,
      revision: state.revision,
      submittedAt: state.submittedAt,
      revisedAt: state.revisedAt,
      sealed,
    };
    return sealed ? base : { ...base, total: state.data.total, items: state.data.items };
  }

  async loadTender(tenderId: string): Promise<Tender | null> {
    if (!isUuid(tenderId)) return null;
    const state = foldDocument(await this.store.readStream(documentStreamId('tender', tenderId)));
    if (state === null || state.resource !== 'tender') return null;
    const fields = state.fields;
    return {
      id: state.id,
      companyId: state.companyId,
      status: state.workflow.status,
      revision: state.revision,
      documentNo: state.documentNo,
      title: state.fields.title,
      projectId: state.fields.projectId ?? null,
      openAt: fields.openAt ?? null,
      closeAt: fields.closeAt ?? null,
      items: state.fields.items.map((item) => ({
        lineNo: item.lineNo,
        description: item.description,
        unit: item.unit,
        quantity: item.quantity,
      })),
    };
  }

  async ownTender(tenderId: string, companyId: string): Promise<Tender> {
    const tender = await this.loadTender(tenderId);
    if (tender === null || tender.companyId !== companyId) throw notFound();
    return tender;
  }

  /** The buyer's own tender, or one the caller's company is invited to; anything else is 404 (never 403). */
  async visibleTender(tenderId: string, companyId: string): Promise<Tender> {
    const tender = await this.loadTender(tenderId);
    if (tender === null) throw notFound();
    if (tender.companyId === companyId) return tender;
    const invited = foldInvitations(await this.store.readStream(invitationsStream(tender.id)));
    if (!invited.has(companyId)) throw notFound();
    return tender;
  }

  async invitedTender(tenderId: string, companyId: string) {
    const tender = await this.loadTender(tenderId);
    if (tender === null) throw notFound();
    const invited = foldInvitations(await this.store.readStream(invitationsStream(tender.id)));
    if (!invited.has(companyId)) throw notFound();
    const events = await this.store.readStream(quotationStream(tender.id, companyId));
    return { tender, invited, quotation: foldQuotation(events), events };
  }

  /** Inviting is the buyer's procurement step: create/propose (level 10) on tender, in the company or the tender's project. */
  async mustPropose(principal: Principal, tender: Tender): Promise<void> {
    if (principal.userType === 2) return;
    const company = await companyLevels(this.db, tender.companyId, principal.userId);
    const levels = tender.projectId ? mergeLevels(company, await projectLevels(this.db, tender.projectId, principal.userId)) : company;
    if (!(levels.tender ?? []).includes(10))
      throw refusal(403, 'noAuthority', 'Inviting sellers needs the create/propose level (10) on tender.');
  }

  async names(companyIds: readonly string[]): Promise<Map<string, string>> {
    if (companyIds.length === 0) return new Map();
    const rows = await this.db.query<{ company_id: string; name: string }>(
      'SELECT company_id, name FROM companies WHERE company_id = ANY($1::text[])',
      [companyIds],
    );
    return new Map(rows.map((r) => [r.company_id, r.name]));
  }

  async userNames(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [[...new Set(userIds)]],
    );
    return new Map(rows.map((r) => [r.user_id, r.name]));
  }

  private async append(
    streamId: string,
    streamType: string,
    expected: number | 'no_stream',
    events: readonly TenderingEvent[],
    principal: Principal,
  ): Promise<number> {
    const result = await this.store.append({
      streamId,
      streamType,
      expectedRevision: expected,
      events: events.map((event) => ({
        type: event.type,
        data: event.data,
        metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId },
      })),
    });
    return result.nextExpectedRevision;
  }
}

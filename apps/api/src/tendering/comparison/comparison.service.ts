// The buyer's comparison sheet, read once the seal is open: the tender folded by the documents context,
// the invitation list, and each invited seller's latest quotation event (the stream head, one event a
// seller, so 50 sellers are 50 small reads whatever their revision count). Nothing is stored: the sheet
// is computed from the quotation streams on each read, so no read model ever holds a rate (sealed bids).
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { documentStreamId, foldDocument } from '../../documents/document.state.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { foldInvitations, foldQuotation, isUnsealed, type QuotationState } from '../tendering.decider.js';
import { TenderingRefused, tenderingReply } from '../tendering.errors.js';
import { invitationsStream, quotationStream } from '../tendering.events.js';
import { buildComparison, type Bidder, type EstimateLine } from './comparison.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A page of the sheet: at most this many lines (1,000 lines x 50 sellers is one or two pages). */
export const MAX_COMPARISON_LINES = 500;
const DEFAULT_LINES = 200;

export type BuyerTender = {
  id: string; companyId: string; documentNo: string; title: string; status: string; revision: number; projectId: string | null;
  items: EstimateLine[];
};

/** The tender as its buyer sees it (items with the buyer's own rates), or 404 for anyone else: an id tells nothing. */
export async function loadBuyerTender(store: EventStore, tenderId: string, companyId: string): Promise<BuyerTender> {
  const state = UUID.test(tenderId) ? foldDocument(await store.readStream(documentStreamId('tender', tenderId))) : null;
  if (state === null || state.resource !== 'tender' || state.companyId !== companyId) throw new TenderingRefused(404, 'tenderNotFound', 'No such tender.');
  const fields = state.fields;
  return {
    id: state.id, companyId: state.companyId, documentNo: state.documentNo, title: fields.title, status: state.workflow.status, revision: state.revision,
    projectId: fields.projectId ?? null,
    items: fields.items.map(({ lineNo, description, unit, quantity, rate, amount }) => ({ lineNo, description, unit, quantity, rate, amount })),
  };
}

/** Every invited seller's latest quotation (sellers that did not quote are listed apart), in name order. */
export async function loadBidders(store: EventStore, db: SqlExecutor, tenderId: string): Promise<{ bidders: Bidder[]; notQuoted: { sellerCompanyId: string; sellerName: string | null }[] }> {
  const invited = [...foldInvitations(await store.readStream(invitationsStream(tenderId))).keys()];
  const names = invited.length === 0 ? new Map<string, string>()
    : new Map((await db.query<{ company_id: string; name: string }>('SELECT company_id, name FROM companies WHERE company_id = ANY($1::text[])', [invited])).map((r) => [r.company_id, r.name]));
  const bidders: Bidder[] = [];
  const notQuoted: { sellerCompanyId: string; sellerName: string | null }[] = [];
  for (const seller of invited) {
    const quotation = await latestQuotation(store, tenderId, seller);
    if (quotation === null) notQuoted.push({ sellerCompanyId: seller, sellerName: names.get(seller) ?? null });
    else bidders.push({ sellerCompanyId: seller, sellerName: names.get(seller) ?? null, quotation });
  }
  const byName = (a: { sellerName: string | null; sellerCompanyId: string }, b: { sellerName: string | null; sellerCompanyId: string }) =>
    (a.sellerName ?? a.sellerCompanyId).localeCompare(b.sellerName ?? b.sellerCompanyId) || a.sellerCompanyId.localeCompare(b.sellerCompanyId);
  return { bidders: bidders.sort(byName), notQuoted: notQuoted.sort(byName) };
}

/** The quotation as its last event says (each event carries every line), with its first submission time. */
async function latestQuotation(store: EventStore, tenderId: string, seller: string): Promise<QuotationState | null> {
  const stream = quotationStream(tenderId, seller);
  const head = await store.streamHead(stream);
  if (head === null) return null;
  const last = foldQuotation(await store.readStream(stream, { fromRevision: head.revision }));
  if (last === null || head.revision === 0) return last;
  const first = await store.readStream(stream, { fromRevision: 0, toRevision: 0 });
  return { ...last, submittedAt: first[0]?.metadata.recordedAt ?? last.submittedAt };
}

function parsePage(query: Record<string, unknown>): { after: number; limit: number } {
  const unknown = Object.keys(query).filter((key) => key !== 'after' && key !== 'limit');
  const problems: Record<string, string[]> = Object.fromEntries(unknown.map((key) => [key, ['unknownField']]));
  const int = (raw: unknown, key: string, fallback: number, min: number, max: number) => {
    if (raw === undefined) return fallback;
    const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max)) problems[key] = ['pageInvalid'];
    return value;
  };
  const after = int(query.after, 'after', 0, 0, 1e9);
  const limit = int(query.limit, 'limit', DEFAULT_LINES, 1, MAX_COMPARISON_LINES);
  if (Object.keys(problems).length > 0) throw new TenderingRefused(400, 'validationFailed', `after is a line number, limit 1 to ${MAX_COMPARISON_LINES}.`, problems);
  return { after, limit };
}

@Injectable()
export class ComparisonService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The buyer's sheet, one page of lines (?after=<lineNo>&limit=<n>): 404 for anyone else, 409 tenderSealed before the close. */
  async comparison(principal: Principal, tenderId: string, query: Record<string, unknown>) {
    const companyId = companyOf(principal);
    return tenderingReply(async () => {
      const tender = await loadBuyerTender(this.store, tenderId, companyId);
      const page = parsePage(query);
      if (!isUnsealed(tender)) throw new TenderingRefused(409, 'tenderSealed', `The quotations stay sealed until the tender is closed (it is ${tender.status}).`);
      const { bidders, notQuoted } = await loadBidders(this.store, this.db, tender.id);
      const sheet = buildComparison(tender.items, bidders, page);
      return { success: true as const, tenderId: tender.id, documentNo: tender.documentNo, title: tender.title, status: tender.status, ...sheet, notQuoted };
    });
  }
}

// The buyer's comparison sheet, read once the seal is open: the tender folded by the documents context,
// the invitation list, and each invited seller's quotation stream (a few at a time), kept per tender
// revision while the tender is past its close (in this process's memory only). Nothing is stored in a read
// model: the sheet is computed from the quotation streams, so no table ever holds a rate (sealed bids).
import { refusal } from '../../common/refusal.js';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { READ_MODELS, type Principal } from '../../common/principal.js';
import { documentStreamId, foldDocument } from '../../documents/document.state.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { foldInvitations, foldQuotation, isUnsealed, type QuotationState } from '../tendering.decider.js';
import { invitationsStream, quotationStream } from '../tendering.events.js';
import { Lru } from '../../common/lru.js';
import { buildComparison, type Bidder, type EstimateLine } from './comparison.js';
import { COMPARISON_LANGUAGES, writeComparisonWorkbook, type ComparisonLanguage } from './comparison-workbook.js';
import { isUuid } from '../../common/uuid.js';

/** A page of the sheet: at most this many lines (1,000 lines x 50 sellers is one or two pages). */
export const MAX_COMPARISON_LINES = 500;
const DEFAULT_LINES = 200;
/** Quotation streams read at once (the pool has more connections; the API's own work stays in one thread). */
const READ_CONCURRENCY = 8;
/** Sheets' sellers kept per process, by tender and revision. */
const CACHED_TENDERS = 20;

export type BuyerTender = {
  id: string;
  companyId: string;
  documentNo: string;
  title: string;
  status: string;
  revision: number;
  projectId: string | null;
  items: EstimateLine[];
};

/** The tender as its buyer sees it (items with the buyer's own rates), or 404 for anyone else: an id tells nothing. */
export async function loadBuyerTender(store: EventStore, tenderId: string, companyId: string): Promise<BuyerTender> {
  const state = isUuid(tenderId) ? foldDocument(await store.readStream(documentStreamId('tender', tenderId))) : null;
  if (state === null || state.resource !== 'tender' || state.companyId !== companyId)
    throw refusal(404, 'tenderNotFound', 'No such tender.');
  const fields = state.fields;
  return {
    id: state.id,
    companyId: state.companyId,
    documentNo: state.documentNo,
    title: fields.title,
    status: state.workflow.status,
    revision: state.revision,
    projectId: fields.projectId ?? null,
    items: fields.items.map(({ lineNo, description, unit, quantity, rate, amount }) => ({
      lineNo,
      description,
      unit,
      quantity,
      rate,
      amount,
    })),
  };
}

/** Every invited seller's latest quotation (sellers that did not quote are listed apart), in name order. */
export async function loadBidders(
  store: EventStore,
  db: SqlExecutor,
  tenderId: string,
): Promise<{ bidders: Bidder[]; notQuoted: { sellerCompanyId: string; sellerName: string | null }[] }> {
  const invited = [...foldInvitations(await store.readStream(invitationsStream(tenderId))).keys()];
  const names =
    invited.length === 0
      ? new Map<string, string>()
      : new Map(
          (
            await db.query<{ company_id: string; name: string }>(
              'SELECT company_id, name FROM companies WHERE company_id = ANY($1::text[])',
              [invited],
            )
          ).map((r) => [r.company_id, r.name]),
        );
  const bidders: Bidder[] = [];
  const notQuoted: { sellerCompanyId: string; sellerName: string | null }[] = [];
  // A few streams at a time: the reads wait on the database, not on this process (50 sellers in 7 rounds).
  const quotations = new Map<string, QuotationState | null>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(READ_CONCURRENCY, invited.length) }, async () => {
      while (next < invited.length) {
        const seller = invited[next++]!;
        quotations.set(seller, foldQuotation(await store.readStream(quotationStream(tenderId, seller))));
      }
    }),
  );
  for (const seller of invited) {
    const quotation = quotations.get(seller) ?? null;
    if (quotation === null) notQuoted.push({ sellerCompanyId: seller, sellerName: names.get(seller) ?? null });
    else bidders.push({ sellerCompanyId: seller, sellerName: names.get(seller) ?? null, quotation });
  }
  const byName = (a: { sellerName: string | null; sellerCompanyId: string }, b: { sellerName: string | null; sellerCompanyId: string }) =>
    (a.sellerName ?? a.sellerCompanyId).localeCompare(b.sellerName ?? b.sellerCompanyId) ||
    a.sellerCompanyId.localeCompare(b.sellerCompanyId);
  return { bidders: bidders.sort(byName), notQuoted: notQuoted.sort(byName) };
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
  if (Object.keys(problems).length > 0)
    throw refusal(400, 'validationFailed', `after is a line number, limit 1 to ${MAX_COMPARISON_LINES}.`, { fields: problems });
  return { after, limit };
}

@Injectable()
export class ComparisonService {
  /**
   * The sellers' quotations of an unsealed tender, by tender id and revision. Once the tender is past its
   * close no quotation can change (submit and revise are refused), and any step that could open it again
   * (Reopen) is an event on the tender, so a new revision: a sheet read page by page, or again, reads the
   * quotation streams once per revision.
   */
  private readonly sellers = new Lru<string, Awaited<ReturnType<typeof loadBidders>>>(CACHED_TENDERS);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
  ) {}

  /** The buyer's sheet, one page of lines (?after=<lineNo>&limit=<n>): 404 for anyone else, 409 tenderSealed before the close. */
  async comparison(principal: Principal, tenderId: string, query: Record<string, unknown>) {
    const companyId = companyOf(principal);
    const tender = await loadBuyerTender(this.store, tenderId, companyId);
    const page = parsePage(query);
    const { bidders, notQuoted } = await this.unsealedBidders(tender);
    const sheet = buildComparison(tender.items, bidders, page);
    return {
      success: true as const,
      tenderId: tender.id,
      documentNo: tender.documentNo,
      title: tender.title,
      status: tender.status,
      ...sheet,
      notQuoted,
    };
  }

  /** The whole sheet as .xlsx (?lang=en|ms|zh for its labels, en by default), under the same rules as the sheet. */
  async workbook(principal: Principal, tenderId: string, query: Record<string, unknown>): Promise<{ fileName: string; bytes: Buffer }> {
    const companyId = companyOf(principal);
    const tender = await loadBuyerTender(this.store, tenderId, companyId);
    const language = parseLanguage(query);
    const { bidders, notQuoted } = await this.unsealedBidders(tender);
    // A tender holds at most 500 lines (the documents' item limit): the sheet is built whole.
    const sheet = buildComparison(tender.items, bidders, { after: 0, limit: Number.MAX_SAFE_INTEGER });
    const bytes = await writeComparisonWorkbook(
      { documentNo: tender.documentNo, title: tender.title, status: tender.status, exportedAt: new Date() },
      sheet,
      notQuoted,
      language,
    );
    return { fileName: `${tender.documentNo.replace(/[^A-Za-z0-9._-]/g, '_')}-comparison.xlsx`, bytes };
  }

  private async unsealedBidders(tender: BuyerTender) {
    if (!isUnsealed(tender))
      throw refusal(409, 'tenderSealed', `The quotations stay sealed until the tender is closed (it is ${tender.status}).`);
    const key = `${tender.id}@${tender.revision}`;
    const loaded = this.sellers.get(key) ?? (await loadBidders(this.store, this.db, tender.id));
    this.sellers.set(key, loaded);
    return loaded;
  }
}

function parseLanguage(query: Record<string, unknown>): ComparisonLanguage {
  const unknown = Object.keys(query).filter((key) => key !== 'lang');
  const language = query.lang ?? 'en';
  const problems: Record<string, string[]> = Object.fromEntries(unknown.map((key) => [key, ['unknownField']]));
  if (!(COMPARISON_LANGUAGES as readonly unknown[]).includes(language))
    problems.lang = [`must be one of ${COMPARISON_LANGUAGES.join(', ')}`];
  if (Object.keys(problems).length > 0)
    throw refusal(400, 'validationFailed', `lang is one of ${COMPARISON_LANGUAGES.join(', ')}; no other parameter.`, { fields: problems });
  return language as ComparisonLanguage;
}

// Deciding on invitations and quotations (pure): the tender's state, the invitations and the quotation
// folded from their streams, the time and the actor as inputs. Every refusal is a `refusal` with
// its own code; nothing is decided from the caller's clock.
import { refusal, invalidFields } from '../common/refusal.js';
import type { StoredEvent } from '@binaan/event-store';
import { formatSen, lineAmount, parseMoney, parseQuantity } from '../documents/money.js';
import type { QuotationData, QuotedLine, TenderSellerInvited, TenderingEvent } from './tendering.events.js';

/** What tendering needs of the tender document (folded by the documents context). */
export type TenderFacts = {
  id: string;
  companyId: string;
  status: string;
  revision: number;
  openAt: string | null;
  closeAt: string | null;
  items: { lineNo: number; quantity: string }[];
};

/** Statuses before the tender is opened to bids, and those after its close (the bids are then unsealed). */
const BEFORE_OPEN = new Set(['new', 'pendingActivation', 'rejected']);
const AFTER_CLOSE = new Set(['comparison', 'draftContract', 'pendingContractApproval', 'contractAwarded', 'draftContractRejected']);
/** At most this many sellers in one invitation call. */
export const MAX_INVITED_AT_ONCE = 50;

/**
 * Sealed: the buyer sees no rate or total of any quotation until the tender has been closed (the tender
 * machine's Close, recorded on the tender's stream, moves it to comparison). A cancelled tender's bids are
 * never opened (as Ariba and Procore do with a withdrawn event).
 */
export const isUnsealed = (tender: Pick<TenderFacts, 'status'>): boolean => AFTER_CLOSE.has(tender.status);

export function foldInvitations(events: readonly StoredEvent[]): Map<string, TenderSellerInvited & { at: string }> {
  const invited = new Map<string, TenderSellerInvited & { at: string }>();
  for (const event of events) {
    if (event.type === 'TenderSellerInvited') {
      const data = event.data as unknown as TenderSellerInvited;
      invited.set(data.sellerCompanyId, { ...data, at: event.metadata.recordedAt });
    }
  }
  return invited;
}

export type QuotationState = { data: QuotationData; revision: number; submittedAt: string; revisedAt: string };

export function foldQuotation(events: readonly StoredEvent[]): QuotationState | null {
  let state = null as QuotationState | null;
  for (const event of events) {
    // QuotationConfirmed (addenda/): the same rates confirmed against the tender after an addendum.
    if (event.type !== 'QuotationSubmitted' && event.type !== 'QuotationRevised' && event.type !== 'QuotationConfirmed') continue;
    const data = event.data as unknown as QuotationData;
    state = {
      data,
      revision: event.revision,
      submittedAt: state?.submittedAt ?? event.metadata.recordedAt,
      revisedAt: event.metadata.recordedAt,
    };
  }
  return state;
}

/** `{ companyIds: [..] }`: 1 to 50 distinct company ids. */
export function parseInvitation(raw: unknown): string[] {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (body === null) throw invalidFields({ companyIds: ['companyIdsRequired'] });
  const unknown = Object.keys(body).filter((key) => key !== 'companyIds');
  if (unknown.length > 0) throw invalidFields(Object.fromEntries(unknown.map((key) => [key, ['unknownField']])));
  const ids = body.companyIds;
  if (!Array.isArray(ids) || ids.length === 0) throw invalidFields({ companyIds: ['companyIdsRequired'] });
  if (ids.length > MAX_INVITED_AT_ONCE) throw invalidFields({ companyIds: ['tooManyCompanies'] });
  if (ids.some((id) => typeof id !== 'string' || id.trim() === '' || id.length > 100))
    throw invalidFields({ companyIds: ['companyIdInvalid'] });
  if (new Set(ids).size !== ids.length) throw invalidFields({ companyIds: ['companyIdRepeated'] });
  return ids as string[];
}

/** The tender still takes invitations: not cancelled, not closed, its close time not passed. */
export function mustTakeBids(tender: TenderFacts, now: Date, what: string): void {
  if (
    tender.status === 'cancelled' ||
    AFTER_CLOSE.has(tender.status) ||
    (tender.closeAt !== null && now.getTime() >= Date.parse(tender.closeAt))
  ) {
    throw refusal(
      409,
      'tenderClosed',
      `The tender is closed (${tender.status}${tender.closeAt ? `, close time ${tender.closeAt}` : ''}): it takes no ${what}.`,
    );
  }
}

/** The tender takes quotations (and their files) now: open, and not past its close, on the server's clock. */
export function mustTakeQuotations(tender: TenderFacts, now: Date, what: string): void {
  mustTakeBids(tender, now, what);
  if (BEFORE_OPEN.has(tender.status) || (tender.openAt !== null && now.getTime() < Date.parse(tender.openAt))) {
    throw refusal(409, 'tenderNotOpen', `The tender opens for quotations at ${tender.openAt ?? 'its activation'}.`);
  }
}

export function decideInvite(
  tender: TenderFacts,
  invited: ReadonlyMap<string, unknown>,
  companyIds: readonly string[],
  inDirectory: ReadonlySet<string>,
  ids: { by: string; invitationId: (companyId: string) => string },
  now: Date,
): TenderingEvent[] {
  mustTakeBids(tender, now, 'invitations');
  for (const companyId of companyIds) {
    if (companyId === tender.companyId)
      throw refusal(422, 'inviteeIsOwnCompany', 'A company cannot bid on its own tender.', {
        fields: { companyIds: ['inviteeIsOwnCompany'] },
      });
    if (!inDirectory.has(companyId))
      throw refusal(422, 'unknownCounterparty', `${companyId} is not an approved company of the directory.`, {
        fields: { companyIds: ['unknownCounterparty'] },
      });
    if (invited.has(companyId))
      throw refusal(409, 'sellerAlreadyInvited', `${companyId} is already invited to this tender.`, {
        fields: { companyIds: ['sellerAlreadyInvited'] },
      });
  }
  return companyIds.map((sellerCompanyId) => ({
    type: 'TenderSellerInvited' as const,
    data: {
      tenderId: tender.id,
      invitationId: ids.invitationId(sellerCompanyId),
      buyerCompanyId: tender.companyId,
      sellerCompanyId,
      by: ids.by,
    },
  }));
}

/** `{ items: [{ lineNo, rate, includeZeroRate? }] }`: a rate for every line of the tender, each once. */
export function parseQuotation(raw: unknown, tender: TenderFacts): { items: QuotedLine[]; total: string } {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (body === null || !Array.isArray(body.items) || body.items.length === 0) throw invalidFields({ items: ['itemsRequired'] });
  const unknown = Object.keys(body).filter((key) => key !== 'items');
  if (unknown.length > 0) throw invalidFields(Object.fromEntries(unknown.map((key) => [key, ['unknownField']])));
  const problems: Record<string, string[]> = {};
  const given = new Map<number, { rate: bigint; includeZeroRate: boolean }>();
  body.items.forEach((line: unknown, index: number) => {
    const at = `items[${index}]`;
    const item = typeof line === 'object' && line !== null && !Array.isArray(line) ? (line as Record<string, unknown>) : null;
    if (item === null) return void (problems[at] = ['itemInvalid']);
    const extra = Object.keys(item).filter((key) => !['lineNo', 'rate', 'includeZeroRate'].includes(key));
    if (extra.length > 0) problems[`${at}.${extra[0]}`] = ['unknownField'];
    if (typeof item.lineNo !== 'number' || !Number.isInteger(item.lineNo) || item.lineNo < 1)
      return void (problems[`${at}.lineNo`] = ['lineNoInvalid']);
    const rate = typeof item.rate === 'string' ? parseMoney(item.rate) : null;
    if (rate === null || rate < 0n) return void (problems[`${at}.rate`] = ['rateInvalid']);
    if (item.includeZeroRate !== undefined && typeof item.includeZeroRate !== 'boolean')
      return void (problems[`${at}.includeZeroRate`] = ['mustBeBoolean']);
    if (given.has(item.lineNo)) return void (problems[`${at}.lineNo`] = ['lineNoRepeated']);
    given.set(item.lineNo, { rate, includeZeroRate: item.includeZeroRate === true });
  });
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  const lines = new Set(tender.items.map((item) => item.lineNo));
  const strangers = [...given.keys()].filter((lineNo) => !lines.has(lineNo));
  const missing = [...lines].filter((lineNo) => !given.has(lineNo));
  if (strangers.length > 0 || missing.length > 0) {
    throw refusal(
      422,
      'quotationItemsMismatch',
      `Give a rate for every line of the tender, each once (missing: ${missing.join(', ') || 'none'}; not in the tender: ${strangers.join(', ') || 'none'}).`,
      { fields: { items: ['quotationItemsMismatch'] } },
    );
  }
  let total = 0n;
  const items: QuotedLine[] = tender.items.map((line) => {
    const { rate, includeZeroRate } = given.get(line.lineNo)!;
    // Spec §5.3: a tender rate of 0 needs the include box, so that a forgotten rate is not read as free.
    if (rate === 0n && !includeZeroRate)
      throw refusal(422, 'zeroRateNotIncluded', `Line ${line.lineNo}: a rate of 0 needs the include box ticked.`, {
        fields: { [`items.${line.lineNo}.rate`]: ['zeroRateNotIncluded'] },
      });
    const amount = lineAmount(parseQuantity(line.quantity) ?? 0n, rate);
    total += amount;
    return { lineNo: line.lineNo, rate: formatSen(rate), includeZeroRate, amount: formatSen(amount) };
  });
  return { items, total: formatSen(total) };
}

/** Submit (first time) or revise: only an invited seller, only while the tender is open for bids, on the server's clock. */
export function decideQuote(
  tender: TenderFacts,
  invited: ReadonlyMap<string, unknown>,
  current: QuotationState | null,
  sellerCompanyId: string,
  quote: { items: QuotedLine[]; total: string },
  by: string,
  now: Date,
): TenderingEvent {
  if (!invited.has(sellerCompanyId)) throw refusal(404, 'tenderNotFound', 'No such tender among those you were invited to.');
  mustTakeQuotations(tender, now, 'quotations');
  const data: QuotationData = {
    tenderId: tender.id,
    sellerCompanyId,
    tenderRevision: tender.revision,
    items: quote.items,
    total: quote.total,
    by,
  };
  return { type: current === null ? 'QuotationSubmitted' : 'QuotationRevised', data };
}

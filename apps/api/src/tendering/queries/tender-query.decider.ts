// Deciding on tender queries (pure): the tender, the invitations and the board folded from their streams,
// the time and the actor as inputs; every refusal a `refusal` with its own code.
import { refusal, invalidFields } from '../../common/refusal.js';
import type { StoredEvent } from '@binaan/event-store';
import { mustTakeBids, type TenderFacts } from '../tendering.decider.js';
import type { TenderQueryAnswered, TenderQueryAsked, TenderQueryEvent } from './tender-query.events.js';

/** A question or an answer: at most this many characters (a page of text; Aconex's mail body is similar). */
export const MAX_QUERY_TEXT = 4000;

export type QueryBoard = Map<string, TenderQueryAsked & { answered: boolean }>;

export function foldQueries(events: readonly StoredEvent[]): QueryBoard {
  const board: QueryBoard = new Map();
  for (const event of events) {
    if (event.type === 'TenderQueryAsked') {
      const data = event.data as unknown as TenderQueryAsked;
      board.set(data.queryId, { ...data, answered: false });
    } else if (event.type === 'TenderQueryAnswered') {
      const data = event.data as unknown as TenderQueryAnswered;
      const asked = board.get(data.queryId);
      if (asked) asked.answered = true;
    }
  }
  return board;
}

/** `{ <field>: text }` and nothing else: trimmed, 1 to MAX_QUERY_TEXT characters. */
export function parseText(raw: unknown, field: 'question' | 'answer'): string {
  const body = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
  if (body === null) throw invalidFields({ [field]: ['textRequired'] });
  const unknown = Object.keys(body).filter((key) => key !== field);
  if (unknown.length > 0) throw invalidFields(Object.fromEntries(unknown.map((key) => [key, ['unknownField']])));
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw invalidFields({ [field]: ['textRequired'] });
  if (value.length > MAX_QUERY_TEXT) throw invalidFields({ [field]: ['textTooLong'] });
  return value.trim();
}

/** An invited seller asks, from its invitation until the close (the board closes with the bids, as on Aconex). */
export function decideAsk(
  tender: TenderFacts,
  invited: ReadonlyMap<string, unknown>,
  sellerCompanyId: string,
  question: string,
  ids: { queryId: string; by: string },
  now: Date,
): TenderQueryEvent {
  if (!invited.has(sellerCompanyId)) throw refusal(404, 'tenderNotFound', 'No such tender among those you were invited to.');
  mustTakeBids(tender, now, 'questions');
  return { type: 'TenderQueryAsked', data: { tenderId: tender.id, queryId: ids.queryId, sellerCompanyId, question, by: ids.by } };
}

/** The buyer answers a question once, before the close; the answer goes to every invitee. */
export function decideAnswer(
  tender: TenderFacts,
  board: QueryBoard,
  queryId: string,
  answer: string,
  by: string,
  now: Date,
): TenderQueryEvent {
  const asked = board.get(queryId);
  if (!asked) throw refusal(404, 'queryNotFound', 'No such question on this tender.');
  if (asked.answered)
    throw refusal(409, 'queryAlreadyAnswered', 'This question is answered already: issue an addendum to change what the answer said.');
  mustTakeBids(tender, now, 'answers');
  return { type: 'TenderQueryAnswered', data: { tenderId: tender.id, queryId, answer, by } };
}

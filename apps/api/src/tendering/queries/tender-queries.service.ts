// The query board's write and read side. The buyer reads every question with who asked it; an invitee
// reads the answered ones without who asked (its own marked `own`) and its own still open. Commands fold
// the tender, the invitations and the board, decide (tender-query.decider.ts) and append with the board's
// expected revision.
import { refusal } from '../../common/refusal.js';
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevision, type EventStore, type SqlExecutor } from '@binaan/event-store';
import { companyOf } from '../../authority/authority.service.js';
import { CLOCK, READ_MODELS, type Clock, type Principal } from '../../common/principal.js';
import { EVENT_STORE } from '../../store/store.tokens.js';
import { foldInvitations } from '../tendering.decider.js';
import { invitationsStream } from '../tendering.events.js';
import { pageRange } from '../../common/page-range.js';
import { TenderingService } from '../tendering.service.js';
import { decideAnswer, decideAsk, foldQueries, parseText } from './tender-query.decider.js';
import { queriesStream, QUERIES_STREAM_TYPE, type TenderQueryEvent } from './tender-query.events.js';
import { iso } from '../../common/iso.js';

type Row = {
  query_id: string;
  seller_company_id: string;
  asked_at: Date | string;
  asked_by: string;
  question: string;
  answered_at: Date | string | null;
  answer: string | null;
  seller_name: string | null;
  asker_name: string | null;
  answerer_name: string | null;
};

@Injectable()
export class TenderQueriesService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
    private readonly tendering: TenderingService,
  ) {}

  /** An invited seller asks a question: `{ question }`. */
  async ask(principal: Principal, tenderId: string, body: unknown) {
    const companyId = companyOf(principal);
    const { tender, invited } = await this.tendering.invitedTender(tenderId, companyId);
    const question = parseText(body, 'question');
    const events = await this.store.readStream(queriesStream(tender.id));
    const event = decideAsk(tender, invited, companyId, question, { queryId: randomUUID(), by: principal.userId }, this.now());
    const revision = await this.append(
      tender.id,
      events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
      event,
      principal,
    );
    return { success: true as const, tenderId: tender.id, queryId: event.data.queryId, revision };
  }

  /** The buyer (level 10 on tender) answers a question: `{ answer }`, published to every invitee. */
  async answer(principal: Principal, tenderId: string, queryId: string, body: unknown) {
    const companyId = companyOf(principal);
    const tender = await this.tendering.ownTender(tenderId, companyId);
    await this.tendering.mustPropose(principal, tender);
    const answer = parseText(body, 'answer');
    const events = await this.store.readStream(queriesStream(tender.id));
    const event = decideAnswer(tender, foldQueries(events), queryId, answer, principal.userId, this.now());
    const revision = await this.append(
      tender.id,
      events.length === 0 ? 'no_stream' : events[events.length - 1]!.revision,
      event,
      principal,
    );
    return { success: true as const, tenderId: tender.id, queryId, revision };
  }

  /**
   * The board, oldest question first, `?range=[0,49]` (at most 100 rows): one index range of the tender's
   * questions. No count: `hasMore` says whether a next page exists (one row more is read to know it).
   */
  async list(principal: Principal, tenderId: string, query: Record<string, unknown>) {
    const companyId = companyOf(principal);
    const unknown = Object.keys(query).filter((key) => key !== 'range');
    if (unknown.length > 0)
      throw refusal(400, 'validationFailed', `Unknown parameter: ${unknown.join(', ')}.`, {
        fields: Object.fromEntries(unknown.map((key) => [key, ['unknownField']])),
      });
    const { from, to } = pageRange(query.range, 50);
    const tender = await this.tendering.visibleTender(tenderId, companyId);
    const buyer = tender.companyId === companyId;
    const rows = await this.db.query<Row>(
      `SELECT q.query_id, q.seller_company_id, q.asked_at, q.asked_by, q.question, q.answered_at, q.answer,
              c.name AS seller_name, ua.name AS asker_name, ub.name AS answerer_name
         FROM (SELECT * FROM tender_queries WHERE tender_id = $1 ${buyer ? '' : 'AND (answered_at IS NOT NULL OR seller_company_id = $4)'}
                ORDER BY asked_at, query_id LIMIT $2 OFFSET $3) q
         LEFT JOIN companies c ON c.company_id = q.seller_company_id
         LEFT JOIN identity_users ua ON ua.user_id = q.asked_by
         LEFT JOIN identity_users ub ON ub.user_id = q.answered_by
        ORDER BY q.asked_at, q.query_id`,
      buyer ? [tender.id, to - from + 2, from] : [tender.id, to - from + 2, from, companyId],
    );
    const page = rows.slice(0, to - from + 1);
    return {
      success: true as const,
      tenderId: tender.id,
      buyer,
      from,
      hasMore: rows.length > page.length,
      data: page.map((r) => ({
        queryId: r.query_id,
        question: r.question,
        askedAt: iso(r.asked_at),
        answered: r.answered_at !== null,
        answer: r.answer,
        answeredAt: r.answered_at === null ? null : iso(r.answered_at),
        // The asker is named to the buyer only; an invitee learns only whether a question is its own.
        ...(buyer
          ? { sellerCompanyId: r.seller_company_id, sellerName: r.seller_name, askedByName: r.asker_name, answeredByName: r.answerer_name }
          : { own: r.seller_company_id === companyId }),
      })),
    };
  }

  private async append(tenderId: string, expected: number | 'no_stream', event: TenderQueryEvent, principal: Principal): Promise<number> {
    try {
      const result = await this.store.append({
        streamId: queriesStream(tenderId),
        streamType: QUERIES_STREAM_TYPE,
        expectedRevision: expected,
        events: [{ type: event.type, data: event.data, metadata: { actorUserId: principal.userId, actorCompanyId: principal.companyId } }],
      });
      return result.nextExpectedRevision;
    } catch (error) {
      // Two writers on the board at once: the second is told to send again (nothing recorded for it).
      if (error instanceof WrongExpectedRevision)
        throw refusal(409, 'wrongExpectedRevision', 'The board changed meanwhile. Send it again.');
      throw error;
    }
  }
}

/** The invited sellers of a tender (for the notices of an answer or an addendum). */
export async function invitees(store: EventStore, tenderId: string): Promise<string[]> {
  return [...foldInvitations(await store.readStream(invitationsStream(tenderId))).keys()];
}

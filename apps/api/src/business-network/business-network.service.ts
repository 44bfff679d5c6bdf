// The chosen company's business network: its relations with other companies (lists, one relation with its
// history, the actions through the company-relation machine) and its conversations (lists, unread counts,
// the messages newest first by keyset, posting and reading).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CompanySubmissionStatus,
  ConversationMessageMaxLength,
  DocumentListTotalCap,
  ErrorCodes,
  RelationActions,
  RelationLists,
  type ConversationMessage,
  type ConversationMessagePage,
  type ConversationRow,
  type NetworkCompanyRow,
  type PartnerEvaluationRow,
  type RelationAction,
  type RelationHistoryRow,
  type RelationList,
  type RelationRow,
  type UnreadConversations,
} from '@binaan/contracts';
import type { EventStore, JsonValue, SqlExecutor } from '@binaan/event-store';
import type { Actor } from '@binaan/workflows';
import { companyLevels } from '../authority/authority-reads.js';
import { companyOf } from '../authority/authority.service.js';
import { keysetPage, keysetQuery } from '../common/keyset-page.js';
import { cappedCount, pageTotal } from '../common/page-range.js';
import { READ_MODELS, CLOCK, type Clock, type Principal } from '../common/principal.js';
import { refusal } from '../common/refusal.js';
import { like, parsePageQuery } from '../companies/company-directory.js';
import { listFilter } from '../common/list-query.js';
import { EVENT_STORE } from '../store/store.tokens.js';
import {
  CONVERSATION_READS_STREAM_TYPE,
  CONVERSATION_STREAM_TYPE,
  RELATION_STREAM_TYPE,
  conversationIdOf,
  conversationReadsStream,
  conversationStream,
  partnerEvaluationStream,
  PARTNER_EVALUATION_STREAM_TYPE,
  relationStream,
  type CompanyRelationChangedData,
  type CompanyRelationKeptInViewData,
} from './business-network.events.js';
import { decideRelation, foldPair } from './relation.decider.js';
import type { SetupFields } from '../company-setups/setup-items.events.js';

const VIEW = 'businessNetwork.view' as const;
const UPDATE = 'businessNetwork.update' as const;
/**
 * Unread messages are counted up to this many per conversation ("99+" past it), in position order so the
 * count walks the (conversation, position) key: with one very long conversation the planner otherwise took
 * every conversation for a long one and scanned the whole table per row (4 s for a page at a million).
 */
export const UNREAD_CAP = 100;
const SEARCH_CAP = 1_000;
const OPEN = ['invited', 'beInvited', 'approved'];

type RelationSql = {
  other_company_id: string;
  name: string | null;
  status: string;
  side: 'inviter' | 'invitee';
  kept_in_view: boolean;
  updated_at: Date | string;
  last_remark: string | null;
  revision: number;
  company_id: string;
};

const LIST_WHERE: Record<RelationList, string> = {
  partners: "r.status = 'approved' AND r.side = 'inviter'",
  clients: "r.status = 'approved' AND r.side = 'invitee'",
  requestsReceived: "r.status = 'beInvited' AND r.side = 'invitee' AND r.kept_in_view = false",
  requestsSent: "r.status = 'invited' AND r.side = 'inviter'",
  kiv: "r.status = 'beInvited' AND r.side = 'invitee' AND r.kept_in_view = true",
  all: 'true',
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function relationRow(row: RelationSql): RelationRow {
  const status = row.status as RelationRow['status'];
  return {
    id: row.other_company_id,
    companyName: row.name ?? '',
    status,
    side: row.side,
    role: status === 'approved' ? (row.side === 'inviter' ? 'partner' : 'client') : null,
    keptInView: row.kept_in_view,
    updatedAt: iso(row.updated_at)!,
    lastRemark: row.last_remark,
    conversationId: conversationIdOf(row.company_id, row.other_company_id),
    revision: Number(row.revision),
  };
}

@Injectable()
export class BusinessNetworkService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly db: SqlExecutor,
    @Inject(CLOCK) private readonly now: Clock,
  ) {}

  /** `?filter={"list":"partners","q":"name"}&range=[0,24]`: newest change first. */
  async relations(principal: Principal, query: Record<string, unknown>) {
    const companyId = companyOf(principal, VIEW, UPDATE);
    const page = parsePageQuery({ sort: '["updatedAt","DESC"]', ...query }, { updatedAt: 'r.updated_at' });
    const filter = listFilter(query.filter);
    const list = (filter.list ?? 'all') as RelationList;
    if (!(RelationLists as readonly string[]).includes(list))
      throw refusal(400, ErrorCodes.validationFailed, 'Check these parameters: filter.list.', {
        fields: { 'filter.list': [`must be one of ${RelationLists.join(', ')}`] },
      });
    const params: unknown[] = [companyId];
    let where = `r.company_id = $1 AND ${LIST_WHERE[list]}`;
    if (page.ids) where += ` AND r.other_company_id = ANY($${params.push(page.ids)}::text[])`;
    const from = page.q ? 'company_relations r JOIN companies c ON c.company_id = r.other_company_id' : 'company_relations r';
    if (page.q) where += ` AND lower(c.name) LIKE $${params.push(like(page.q.toLocaleLowerCase('en')))}`;
    const limit = page.range.to - page.range.from + 1;
    const rows = await this.db.query<RelationSql>(
      `SELECT r.*, (SELECT name FROM companies WHERE company_id = r.other_company_id) AS name FROM ${from}
       WHERE ${where} ORDER BY r.updated_at ${page.sort.direction}, r.other_company_id ${page.sort.direction}
       LIMIT ${limit} OFFSET ${page.range.from}`,
      params,
    );
    const { counted, capped } = await cappedCount(this.db, from, where, params, page.q ? SEARCH_CAP : DocumentListTotalCap);
    return { rows: rows.map(relationRow), total: pageTotal(counted, page.range, rows.length), capped, range: page.range };
  }

  /** Approved companies other than the chosen one, by name, with where the relation stands. */
  async companies(principal: Principal, query: Record<string, unknown>) {
    const companyId = companyOf(principal, VIEW, UPDATE);
    const page = parsePageQuery(query, { name: 'c.name' });
    const params: unknown[] = [companyId, CompanySubmissionStatus.Approved];
    let where = 'c.company_id <> $1 AND c.status = $2';
    if (page.ids) where += ` AND c.company_id = ANY($${params.push(page.ids)}::text[])`;
    if (page.q) where += ` AND lower(c.name) LIKE $${params.push(like(page.q.toLocaleLowerCase('en')))}`;
    const limit = page.range.to - page.range.from + 1;
    const rows = await this.db.query<{ company_id: string; name: string; status: string | null }>(
      `SELECT c.company_id, c.name, r.status FROM companies c
       LEFT JOIN company_relations r ON r.company_id = $1 AND r.other_company_id = c.company_id
       WHERE ${where} ORDER BY c.name ${page.sort.direction}, c.company_id ${page.sort.direction} LIMIT ${limit} OFFSET ${page.range.from}`,
      params,
    );
    const { counted, capped } = await cappedCount(this.db, 'companies c', where, params, page.q ? SEARCH_CAP : DocumentListTotalCap);
    const items: NetworkCompanyRow[] = rows.map((row) => ({
      id: row.company_id,
      companyName: row.name,
      status: (row.status ?? 'noRelation') as NetworkCompanyRow['status'],
    }));
    return { rows: items, total: pageTotal(counted, page.range, rows.length), capped, range: page.range };
  }

  async relation(principal: Principal, otherCompanyId: string): Promise<RelationRow & { history: RelationHistoryRow[] }> {
    const companyId = companyOf(principal, VIEW, UPDATE);
    const row = await this.readRelation(companyId, otherCompanyId);
    if (!row) throw refusal(404, ErrorCodes.notFound, 'Your company has no relation with this company.');
    const events = await this.store.readStream(relationStream(companyId, otherCompanyId));
    const mine = events.filter((e) => (e.data as { companyId?: string }).companyId === companyId);
    const actors = [
      ...new Set(
        mine
          .map((e) =>
            e.type === 'CompanyRelationChanged' ? (e.data as CompanyRelationChangedData).change.actor.userId : e.metadata.actorUserId,
          )
          .filter((id): id is string => typeof id === 'string' && !id.startsWith('system')),
      ),
    ];
    const names = await this.names(actors);
    const history: RelationHistoryRow[] = mine.map((e) => {
      if (e.type === 'CompanyRelationChanged') {
        const change = (e.data as CompanyRelationChangedData).change;
        const actorUserId = change.actor.userId.startsWith('system') ? null : change.actor.userId;
        return {
          event: String(change.workflowEvent),
          status: change.statusAfter,
          at: e.metadata.recordedAt,
          actorUserId,
          actorName: actorUserId ? (names.get(actorUserId) ?? null) : null,
          remark: change.remark ?? null,
        };
      }
      const d = e.data as CompanyRelationKeptInViewData;
      const actorUserId = e.metadata.actorUserId ?? null;
      return {
        event: d.kept ? 'KeepInView' : 'StopKeepingInView',
        status: 'beInvited',
        at: e.metadata.recordedAt,
        actorUserId,
        actorName: actorUserId ? (names.get(actorUserId) ?? null) : null,
        remark: d.reason,
      };
    });
    return { ...row, history };
  }

  async act(principal: Principal, otherCompanyId: string, action: string, body: unknown): Promise<RelationRow> {
    const companyId = companyOf(principal, UPDATE);
    if (!(RelationActions as readonly string[]).includes(action))
      throw refusal(404, ErrorCodes.notFound, `No such action: ${action}. One of ${RelationActions.join(', ')}.`);
    const remark = (body as { remark?: unknown } | null)?.remark;
    if (remark !== undefined && remark !== null && (typeof remark !== 'string' || remark.length > 500))
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: remark.', {
        fields: { remark: ['must be text of at most 500 characters'] },
      });
    if (otherCompanyId !== companyId) {
      const [other] = await this.db.query<{ status: number }>('SELECT status FROM companies WHERE company_id = $1', [otherCompanyId]);
      if (!other || Number(other.status) !== CompanySubmissionStatus.Approved)
        throw refusal(404, ErrorCodes.notFound, 'There is no approved company with this id.');
    }
    // The machine checks the company level (CreatePropose, 10) on companyRelation from the authority context.
    const levels = await companyLevels(this.db, companyId, principal.userId);
    const actor: Actor = {
      userId: principal.userId,
      companyId,
      kind: principal.userType === 2 ? 'admin' : 'user',
      authorities: { company: levels, project: levels },
    };
    const stream = relationStream(companyId, otherCompanyId);
    const pair = foldPair(await this.store.readStream(stream));
    const text = typeof remark === 'string' ? remark.trim() || undefined : undefined;
    const events = decideRelation(pair, action as RelationAction, actor, otherCompanyId, this.now().toISOString(), text);
    if (events.length > 0)
      await this.store.append({
        streamId: stream,
        streamType: RELATION_STREAM_TYPE,
        expectedRevision: pair.revision,
        events: events.map((event) => ({
          type: event.type,
          data: event.data as unknown as JsonValue,
          metadata: { actorUserId: principal.userId },
        })),
      });
    return (await this.readRelation(companyId, otherCompanyId))!;
  }

  private async readRelation(companyId: string, otherCompanyId: string): Promise<RelationRow | null> {
    const [row] = await this.db.query<RelationSql>(
      `SELECT r.*, (SELECT name FROM companies WHERE company_id = r.other_company_id) AS name FROM company_relations r
       WHERE r.company_id = $1 AND r.other_company_id = $2`,
      [companyId, otherCompanyId],
    );
    return row ? relationRow(row) : null;
  }

  /** The company's conversations, the latest message first, with the user's unread count in each. */
  async conversations(principal: Principal, query: Record<string, unknown>) {
    const companyId = companyOf(principal, VIEW, UPDATE);
    const page = parsePageQuery({ sort: '["lastMessageAt","DESC"]', ...query }, { lastMessageAt: 'c.last_position' });
    const params: unknown[] = [companyId];
    let where = '(c.company_low = $1 OR c.company_high = $1)';
    const idsParam = page.ids ? `$${params.push(page.ids)}` : null;
    if (idsParam) where += ` AND c.conversation_id = ANY(${idsParam}::text[])`;
    const limit = page.range.to - page.range.from + 1;
    const user = `$${params.length + 1}`;
    // The company is one end of each conversation, either one: a page is read from each end's index in order
    // (no more rows than the page reaches) and merged, where one OR over both would sort all of them.
    const direction = page.sort.direction;
    const ids = idsParam ? ` AND conversation_id = ANY(${idsParam}::text[])` : '';
    const side = (end: 'company_low' | 'company_high') =>
      `(SELECT * FROM conversations WHERE ${end} = $1${ids} ORDER BY last_position ${direction}, conversation_id ${direction} LIMIT ${page.range.to + 1})`;
    const rows = await this.db.query<{
      conversation_id: string;
      other: string;
      name: string | null;
      last_message_at: Date | string | null;
      unread: string | number;
    }>(
      `SELECT c.conversation_id, CASE WHEN c.company_low = $1 THEN c.company_high ELSE c.company_low END AS other,
         (SELECT name FROM companies WHERE company_id = CASE WHEN c.company_low = $1 THEN c.company_high ELSE c.company_low END) AS name,
         c.last_message_at,
         (SELECT count(*) FROM (SELECT 1 FROM conversation_messages m WHERE m.conversation_id = c.conversation_id
            AND m.position > COALESCE((SELECT position FROM conversation_reads WHERE user_id = ${user} AND conversation_id = c.conversation_id), 0)
            AND m.company_id <> $1 ORDER BY m.position LIMIT ${UNREAD_CAP}) u) AS unread
       FROM (${side('company_low')} UNION ALL ${side('company_high')}) c
       ORDER BY c.last_position ${direction}, c.conversation_id ${direction} LIMIT ${limit} OFFSET ${page.range.from}`,
      [...params, principal.userId],
    );
    const { counted, capped } = await cappedCount(this.db, 'conversations c', where, params, DocumentListTotalCap);
    const items: ConversationRow[] = rows.map((row) => ({
      id: row.conversation_id,
      otherCompanyId: row.other,
      otherCompanyName: row.name ?? '',
      lastMessageAt: iso(row.last_message_at),
      unread: Number(row.unread),
      unreadCapped: Number(row.unread) >= UNREAD_CAP,
    }));
    return { rows: items, total: pageTotal(counted, page.range, rows.length), capped, range: page.range };
  }

  /** Unread messages in all the company's conversations for this user, each conversation counted up to the cap. */
  async unread(principal: Principal): Promise<UnreadConversations> {
    const companyId = companyOf(principal, VIEW, UPDATE);
    const rows = await this.db.query<{ unread: string | number }>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM conversation_messages m WHERE m.conversation_id = c.conversation_id
            AND m.position > COALESCE(r.position, 0) AND m.company_id <> $1 ORDER BY m.position LIMIT ${UNREAD_CAP}) u) AS unread
       FROM conversations c LEFT JOIN conversation_reads r ON r.user_id = $2 AND r.conversation_id = c.conversation_id
       WHERE (c.company_low = $1 OR c.company_high = $1) AND c.last_position > COALESCE(r.position, 0)
       LIMIT ${DocumentListTotalCap}`,
      [companyId, principal.userId],
    );
    const counts = rows.map((row) => Number(row.unread)).filter((n) => n > 0);
    return { total: counts.reduce((a, b) => a + b, 0), capped: counts.some((n) => n >= UNREAD_CAP), conversations: counts.length };
  }

  /** `?after=<next>&limit=25`: newest first; the primary key (conversation, position) read backwards. */
  async messages(principal: Principal, conversationId: string, query: Record<string, unknown>): Promise<ConversationMessagePage> {
    const companyId = companyOf(principal, VIEW, UPDATE);
    await this.conversationOf(companyId, conversationId);
    const { after, limit } = keysetQuery(query, 25, 100);
    const params: unknown[] = [conversationId];
    let where = 'm.conversation_id = $1';
    if (after) {
      if (!/^\d{1,18}$/.test(after[0]))
        throw refusal(400, ErrorCodes.validationFailed, 'Check these parameters: after.', {
          fields: { after: ['must be the `next` of an earlier page'] },
        });
      where += ` AND m.position < $${params.push(after[0])}`;
    }
    const rows = await this.db.query<{
      position: string | number;
      message_id: string;
      company_id: string;
      author_user_id: string;
      text: string;
      sent_at: Date | string;
      name: string | null;
    }>(
      `SELECT m.position, m.message_id, m.company_id, m.author_user_id, m.text, m.sent_at,
         (SELECT name FROM identity_users WHERE user_id = m.author_user_id) AS name
       FROM conversation_messages m WHERE ${where} ORDER BY m.position DESC LIMIT ${limit + 1}`,
      params,
    );
    return keysetPage(
      rows,
      limit,
      (row): ConversationMessage => ({
        id: row.message_id,
        position: String(row.position),
        companyId: row.company_id,
        authorUserId: row.author_user_id,
        authorName: row.name,
        text: row.text,
        sentAt: iso(row.sent_at)!,
        mine: row.company_id === companyId,
      }),
      (row) => [String(row.position), row.message_id],
    );
  }

  async post(principal: Principal, conversationId: string, body: unknown): Promise<ConversationMessage> {
    const companyId = companyOf(principal, UPDATE);
    const other = await this.conversationOf(companyId, conversationId);
    const raw = (body as { text?: unknown } | null)?.text;
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (!text || text.length > ConversationMessageMaxLength)
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: text.', {
        fields: { text: [text ? `must be at most ${ConversationMessageMaxLength} characters` : 'required'] },
      });
    const [relation] = await this.db.query<{ status: string }>(
      'SELECT status FROM company_relations WHERE company_id = $1 AND other_company_id = $2',
      [companyId, other],
    );
    if (!relation || !OPEN.includes(relation.status))
      throw refusal(409, ErrorCodes.conversationClosed, 'Messages go between companies with an invitation waiting or a partnership.');
    const messageId = randomUUID();
    const appended = await this.store.append({
      streamId: conversationStream(conversationId),
      streamType: CONVERSATION_STREAM_TYPE,
      expectedRevision: 'any',
      events: [
        {
          type: 'ConversationMessagePosted',
          data: { conversationId, messageId, companyId, otherCompanyId: other, authorUserId: principal.userId, text },
          metadata: { actorUserId: principal.userId },
        },
      ],
    });
    const stored = appended.events[0]!;
    // The author has read what they wrote.
    await this.markRead(principal, companyId, conversationId, stored.globalPosition);
    const [name] = await this.db.query<{ name: string }>('SELECT name FROM identity_users WHERE user_id = $1', [principal.userId]);
    return {
      id: messageId,
      position: String(stored.globalPosition),
      companyId,
      authorUserId: principal.userId,
      authorName: name?.name ?? null,
      text,
      sentAt: stored.metadata.recordedAt,
      mine: true,
    };
  }

  /** Marks the conversation read through its latest message (or `through`, a message's position). */
  async read(principal: Principal, conversationId: string, body: unknown): Promise<{ unread: number }> {
    const companyId = companyOf(principal, VIEW, UPDATE);
    await this.conversationOf(companyId, conversationId);
    const through = (body as { through?: unknown } | null)?.through;
    if (through !== undefined && through !== null && (typeof through !== 'string' || !/^\d{1,18}$/.test(through)))
      throw refusal(400, ErrorCodes.validationFailed, 'Check these fields: through.', {
        fields: { through: ["must be a message's position"] },
      });
    const [last] = await this.db.query<{ last_position: string | number }>(
      'SELECT last_position FROM conversations WHERE conversation_id = $1',
      [conversationId],
    );
    const position = Math.min(Number(last?.last_position ?? 0), typeof through === 'string' ? Number(through) : Number.MAX_SAFE_INTEGER);
    await this.markRead(principal, companyId, conversationId, position);
    return { unread: 0 };
  }

  private async markRead(principal: Principal, companyId: string, conversationId: string, position: number): Promise<void> {
    const [read] = await this.db.query<{ position: string | number }>(
      'SELECT position FROM conversation_reads WHERE user_id = $1 AND conversation_id = $2',
      [principal.userId, conversationId],
    );
    if (position <= Number(read?.position ?? 0)) return;
    await this.store.append({
      streamId: conversationReadsStream(principal.userId),
      streamType: CONVERSATION_READS_STREAM_TYPE,
      expectedRevision: 'any',
      events: [
        {
          type: 'ConversationRead',
          data: { conversationId, userId: principal.userId, companyId, throughPosition: position },
          metadata: { actorUserId: principal.userId },
        },
      ],
    });
  }

  /**
   * Evaluates a partner or client with an active vendor appraisal questionnaire of the company: every question
   * scored on the questionnaire's scale; the weighted score is each answer's place between the scale's ends,
   * by its weight, as a percentage. Only the evaluating company sees it.
   */
  async evaluate(principal: Principal, otherCompanyId: string, body: unknown): Promise<PartnerEvaluationRow> {
    const companyId = companyOf(principal, UPDATE);
    const relation = await this.readRelation(companyId, otherCompanyId);
    if (!relation) throw refusal(404, ErrorCodes.notFound, 'Your company has no relation with this company.');
    if (relation.status !== 'approved') throw refusal(409, ErrorCodes.relationNotApproved, 'Only partners and clients are evaluated.');
    const input = (typeof body === 'object' && body !== null ? body : {}) as {
      questionnaireId?: unknown;
      scores?: unknown;
      remark?: unknown;
    };
    const fields: Record<string, string[]> = {};
    if (typeof input.questionnaireId !== 'string' || input.questionnaireId.length > 64) fields.questionnaireId = ['required'];
    if (input.remark !== undefined && input.remark !== null && (typeof input.remark !== 'string' || input.remark.length > 1000))
      fields.remark = ['must be text of at most 1000 characters'];
    const scores = input.scores;
    if (typeof scores !== 'object' || scores === null || Array.isArray(scores)) fields.scores = ['must be { questionId: score }'];
    if (Object.keys(fields).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(fields).join(', ')}.`, { fields });
    const [row] = await this.db.query<{ item_id: string; status: string; fields: SetupFields; revision: number }>(
      `SELECT item_id, status, fields, revision FROM company_setup_items WHERE company_id = $1 AND kind = 'questionnaire' AND item_id = $2`,
      [companyId, input.questionnaireId],
    );
    if (!row) throw refusal(404, ErrorCodes.setupItemNotFound, 'This questionnaire was not found in your company.');
    const questions = [...(row.fields.questions ?? [])].sort((a, b) => a.sequence - b.sequence);
    if (row.status !== 'active' || row.fields.type !== 'vendorAppraisal' || questions.length === 0)
      throw refusal(
        422,
        ErrorCodes.questionnaireNotForAppraisal,
        'Only an active vendor appraisal questionnaire with questions evaluates a partner.',
        {
          fields: { questionnaireId: [ErrorCodes.questionnaireNotForAppraisal] },
        },
      );
    const min = Number(row.fields.minScore ?? 0);
    const max = Number(row.fields.maxScore ?? 0);
    const given = scores as Record<string, unknown>;
    const bad: Record<string, string[]> = {};
    const answers = questions.map((q) => {
      const value = given[q.id];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
        bad[`scores.${q.id}`] = [`must be a whole number from ${min} to ${max}`];
      return { questionId: q.id, text: q.text, weight: q.weight, score: Number(value) };
    });
    for (const key of Object.keys(given))
      if (!questions.some((q) => q.id === key)) bad[`scores.${key}`] = ['not a question of this questionnaire'];
    if (Object.keys(bad).length > 0)
      throw refusal(400, ErrorCodes.validationFailed, `Check these fields: ${Object.keys(bad).join(', ')}.`, { fields: bad });
    const weights = answers.reduce((sum, a) => sum + a.weight, 0);
    const score =
      Math.round((answers.reduce((sum, a) => sum + (a.weight * (a.score - min)) / (max - min || 1), 0) / weights) * 10_000) / 100;
    const evaluationId = randomUUID();
    const remark = typeof input.remark === 'string' ? input.remark.trim() || null : null;
    await this.store.append({
      streamId: partnerEvaluationStream(companyId, otherCompanyId),
      streamType: PARTNER_EVALUATION_STREAM_TYPE,
      expectedRevision: 'any',
      events: [
        {
          type: 'PartnerEvaluated',
          data: {
            evaluationId,
            companyId,
            otherCompanyId,
            questionnaireId: row.item_id,
            questionnaireRevision: Number(row.revision),
            questionnaireName: row.fields.name,
            answers,
            score,
            remark,
          },
          metadata: { actorUserId: principal.userId },
        },
      ],
    });
    return (await this.evaluations(principal, otherCompanyId, {})).rows.find((e) => e.id === evaluationId)!;
  }

  /** The company's evaluations of a partner or client, newest first. */
  async evaluations(principal: Principal, otherCompanyId: string, query: Record<string, unknown>) {
    const companyId = companyOf(principal, VIEW, UPDATE);
    const page = parsePageQuery({ sort: '["evaluatedAt","DESC"]', ...query }, { evaluatedAt: 'e.position' });
    const params: unknown[] = [companyId, otherCompanyId];
    const where = 'e.company_id = $1 AND e.other_company_id = $2';
    const limit = page.range.to - page.range.from + 1;
    const rows = await this.db.query<{
      evaluation_id: string;
      questionnaire_id: string;
      questionnaire_name: string;
      score: string | number;
      answers: PartnerEvaluationRow['answers'];
      remark: string | null;
      evaluated_by: string;
      evaluated_at: Date | string;
      name: string | null;
    }>(
      `SELECT e.*, (SELECT name FROM identity_users WHERE user_id = e.evaluated_by) AS name FROM partner_evaluations e
       WHERE ${where} ORDER BY e.position ${page.sort.direction} LIMIT ${limit} OFFSET ${page.range.from}`,
      params,
    );
    const { counted, capped } = await cappedCount(this.db, 'partner_evaluations e', where, params, DocumentListTotalCap);
    const items: PartnerEvaluationRow[] = rows.map((r) => ({
      id: r.evaluation_id,
      questionnaireId: r.questionnaire_id,
      questionnaireName: r.questionnaire_name,
      score: Number(r.score),
      answers: r.answers,
      remark: r.remark,
      evaluatedByUserId: r.evaluated_by,
      evaluatedByName: r.name,
      evaluatedAt: iso(r.evaluated_at)!,
    }));
    return { rows: items, total: pageTotal(counted, page.range, rows.length), capped, range: page.range };
  }

  /** The other company of a conversation of the chosen company; 404 for anyone else's (nothing said of it). */
  private async conversationOf(companyId: string, conversationId: string): Promise<string> {
    const [row] = await this.db.query<{ company_low: string; company_high: string }>(
      'SELECT company_low, company_high FROM conversations WHERE conversation_id = $1',
      [conversationId],
    );
    if (!row || (row.company_low !== companyId && row.company_high !== companyId))
      throw refusal(404, ErrorCodes.notFound, 'Your company has no conversation with this id.');
    return row.company_low === companyId ? row.company_high : row.company_low;
  }

  private async names(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.query<{ user_id: string; name: string }>(
      'SELECT user_id, name FROM identity_users WHERE user_id = ANY($1::text[])',
      [userIds],
    );
    return new Map(rows.map((row) => [row.user_id, row.name]));
  }
}

// Read models of the business network:
// - company_relations: one row per company and other company (each side's record), with the status, who
//   invited, kept in view, and the record's last change; an index per list (status and side, newest first).
// - conversations: one row per pair that has a relation or a message, with the last message's place.
// - conversation_messages: the messages, keyed (conversation, position): the newest page reads the
//   primary key backwards, whatever the conversation's length.
// - conversation_reads: how far each user has read each conversation.
import type { Projection, StoredEvent } from '@binaan/event-store';
import type { BusinessNetworkEvent } from './business-network.events.js';
import { conversationIdOf, pairOf } from './business-network.events.js';

export const businessNetworkProjection: Projection = {
  name: 'businessNetwork',
  eventTypes: ['CompanyRelationChanged', 'CompanyRelationKeptInView', 'ConversationMessagePosted', 'ConversationRead', 'PartnerEvaluated'],
  tables: ['company_relations', 'conversations', 'conversation_messages', 'conversation_reads', 'partner_evaluations'],
  setupSql: `CREATE TABLE IF NOT EXISTS company_relations (
      company_id text NOT NULL, other_company_id text NOT NULL, status text NOT NULL, side text NOT NULL,
      kept_in_view boolean NOT NULL DEFAULT false, updated_at timestamptz NOT NULL, position bigint NOT NULL,
      revision integer NOT NULL, last_remark text, PRIMARY KEY (company_id, other_company_id));
    CREATE INDEX IF NOT EXISTS company_relations_list ON company_relations (company_id, status, side, kept_in_view, updated_at DESC, other_company_id);
    CREATE INDEX IF NOT EXISTS company_relations_newest ON company_relations (company_id, updated_at DESC, other_company_id);
    CREATE TABLE IF NOT EXISTS conversations (
      conversation_id text PRIMARY KEY, company_low text NOT NULL, company_high text NOT NULL,
      last_position bigint NOT NULL DEFAULT 0, last_message_at timestamptz, opened_at timestamptz NOT NULL);
    CREATE INDEX IF NOT EXISTS conversations_low ON conversations (company_low, last_position DESC);
    CREATE INDEX IF NOT EXISTS conversations_high ON conversations (company_high, last_position DESC);
    CREATE TABLE IF NOT EXISTS conversation_messages (
      conversation_id text NOT NULL, position bigint NOT NULL, message_id text NOT NULL, company_id text NOT NULL,
      author_user_id text NOT NULL, text text NOT NULL, sent_at timestamptz NOT NULL, PRIMARY KEY (conversation_id, position));
    CREATE TABLE IF NOT EXISTS conversation_reads (
      user_id text NOT NULL, conversation_id text NOT NULL, position bigint NOT NULL, PRIMARY KEY (user_id, conversation_id));
    CREATE TABLE IF NOT EXISTS partner_evaluations (
      evaluation_id text PRIMARY KEY, company_id text NOT NULL, other_company_id text NOT NULL, questionnaire_id text NOT NULL,
      questionnaire_name text NOT NULL, score numeric NOT NULL, answers jsonb NOT NULL, remark text, evaluated_by text NOT NULL,
      evaluated_at timestamptz NOT NULL, position bigint NOT NULL);
    CREATE INDEX IF NOT EXISTS partner_evaluations_newest ON partner_evaluations (company_id, other_company_id, position DESC);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      const event = { type: stored.type, data: stored.data } as BusinessNetworkEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'CompanyRelationChanged') {
        const d = event.data;
        await db.query(
          `INSERT INTO company_relations (company_id, other_company_id, status, side, kept_in_view, updated_at, position, revision, last_remark)
           VALUES ($1, $2, $3, $4, false, $5, $6, $7, $8)
           ON CONFLICT (company_id, other_company_id) DO UPDATE SET status = $3, side = $4,
             kept_in_view = CASE WHEN $3 = 'beInvited' THEN company_relations.kept_in_view ELSE false END,
             updated_at = $5, position = $6, revision = $7, last_remark = $8`,
          [
            d.companyId,
            d.otherCompanyId,
            d.change.statusAfter,
            d.side,
            at,
            stored.globalPosition,
            stored.revision,
            d.change.remark ?? null,
          ],
        );
        const [low, high] = pairOf(d.companyId, d.otherCompanyId);
        await db.query(
          `INSERT INTO conversations (conversation_id, company_low, company_high, opened_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (conversation_id) DO NOTHING`,
          [conversationIdOf(low, high), low, high, at],
        );
      } else if (event.type === 'CompanyRelationKeptInView') {
        await db.query('UPDATE company_relations SET kept_in_view = $3, revision = $4 WHERE company_id = $1 AND other_company_id = $2', [
          event.data.companyId,
          event.data.otherCompanyId,
          event.data.kept,
          stored.revision,
        ]);
      } else if (event.type === 'ConversationMessagePosted') {
        const d = event.data;
        const [low, high] = pairOf(d.companyId, d.otherCompanyId);
        await db.query(
          `INSERT INTO conversation_messages (conversation_id, position, message_id, company_id, author_user_id, text, sent_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (conversation_id, position) DO NOTHING`,
          [d.conversationId, stored.globalPosition, d.messageId, d.companyId, d.authorUserId, d.text, at],
        );
        await db.query(
          `INSERT INTO conversations (conversation_id, company_low, company_high, last_position, last_message_at, opened_at)
           VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (conversation_id) DO UPDATE SET last_position = GREATEST(conversations.last_position, $4), last_message_at = $5`,
          [d.conversationId, low, high, stored.globalPosition, at],
        );
      } else if (event.type === 'PartnerEvaluated') {
        const d = event.data;
        await db.query(
          `INSERT INTO partner_evaluations (evaluation_id, company_id, other_company_id, questionnaire_id, questionnaire_name, score, answers, remark, evaluated_by, evaluated_at, position)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (evaluation_id) DO NOTHING`,
          [
            d.evaluationId,
            d.companyId,
            d.otherCompanyId,
            d.questionnaireId,
            d.questionnaireName,
            d.score,
            JSON.stringify(d.answers),
            d.remark,
            stored.metadata.actorUserId ?? '',
            at,
            stored.globalPosition,
          ],
        );
      } else if (event.type === 'ConversationRead') {
        const d = event.data;
        await db.query(
          `INSERT INTO conversation_reads (user_id, conversation_id, position) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, conversation_id) DO UPDATE SET position = GREATEST(conversation_reads.position, $3)`,
          [d.userId, d.conversationId, d.throughPosition],
        );
      }
    }
  },
};

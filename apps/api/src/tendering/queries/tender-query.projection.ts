// Read model of the query board: `tender_queries`, one row per question (who asked, when, the answer).
// Flat: a tender's board is one index range (tender_id, asked_at, query_id); the seller's filter
// (answered, or its own) is applied on that range.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { QUERIES_STREAM_TYPE, type TenderQueryAnswered, type TenderQueryAsked } from './tender-query.events.js';

export const tenderQueriesProjection: Projection = {
  name: 'tenderQueries',
  eventTypes: ['TenderQueryAsked', 'TenderQueryAnswered'],
  tables: ['tender_queries'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS tender_queries (
      tender_id text NOT NULL, query_id text NOT NULL, seller_company_id text NOT NULL, asked_at timestamptz NOT NULL, asked_by text NOT NULL,
      question text NOT NULL, answered_at timestamptz, answered_by text, answer text,
      PRIMARY KEY (tender_id, query_id));
    CREATE INDEX IF NOT EXISTS tender_queries_board ON tender_queries (tender_id, asked_at, query_id);`,
  inline: (events) => (events.some((stored) => stored.streamType === QUERIES_STREAM_TYPE) ? null : []),
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== QUERIES_STREAM_TYPE) continue;
      const at = stored.metadata.recordedAt;
      if (stored.type === 'TenderQueryAsked') {
        const d = stored.data as unknown as TenderQueryAsked;
        await db.query(
          `INSERT INTO tender_queries (tender_id, query_id, seller_company_id, asked_at, asked_by, question) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (tender_id, query_id) DO NOTHING`,
          [d.tenderId, d.queryId, d.sellerCompanyId, at, d.by, d.question],
        );
      } else if (stored.type === 'TenderQueryAnswered') {
        const d = stored.data as unknown as TenderQueryAnswered;
        await db.query('UPDATE tender_queries SET answered_at = $3, answered_by = $4, answer = $5 WHERE tender_id = $1 AND query_id = $2', [
          d.tenderId,
          d.queryId,
          at,
          d.by,
          d.answer,
        ]);
      }
    }
  },
};

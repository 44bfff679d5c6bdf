// Read models of the company terms: `company_terms` (a row per published version) and `company_terms_acceptances`
// (a row per person and version accepted). The session check reads both on every request by their keys.
import type { Projection, StoredEvent } from '@binaan/event-store';
import { TERMS_EVENT_TYPES, TERMS_STREAM_TYPE, type CompanyTermsEvent } from './company-terms.events.js';

export const companyTermsProjection: Projection = {
  name: 'companyTerms',
  eventTypes: TERMS_EVENT_TYPES,
  tables: ['company_terms', 'company_terms_acceptances'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS company_terms (
      company_id text NOT NULL, version integer NOT NULL, title text NOT NULL, contents text NOT NULL, reason text,
      published_at timestamptz NOT NULL, published_by text, PRIMARY KEY (company_id, version));
    CREATE TABLE IF NOT EXISTS company_terms_acceptances (
      company_id text NOT NULL, user_id text NOT NULL, version integer NOT NULL, accepted_at timestamptz NOT NULL,
      PRIMARY KEY (company_id, user_id, version));
    CREATE INDEX IF NOT EXISTS company_terms_acceptances_by_version ON company_terms_acceptances (company_id, version, accepted_at, user_id);`,
  async apply(events: readonly StoredEvent[], db) {
    for (const stored of events) {
      if (stored.streamType !== TERMS_STREAM_TYPE) continue;
      const event = { type: stored.type, data: stored.data } as CompanyTermsEvent;
      const at = stored.metadata.recordedAt;
      if (event.type === 'CompanyTermsPublished') {
        await db.query(
          `INSERT INTO company_terms (company_id, version, title, contents, reason, published_at, published_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (company_id, version) DO NOTHING`,
          [
            event.data.companyId,
            event.data.version,
            event.data.title,
            event.data.contents,
            event.data.reason,
            at,
            stored.metadata.actorUserId ?? null,
          ],
        );
      } else {
        await db.query(
          `INSERT INTO company_terms_acceptances (company_id, user_id, version, accepted_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [event.data.companyId, event.data.userId, event.data.version, at],
        );
      }
    }
  },
};

// The audit trail: one row per event of the whole platform (who, which company, when, what, where), so
// admins and auditors can search across documents by actor and time without reading every stream.
// Fed in the append's transaction on the SQL stores; `npm run store -- rebuild` makes it anew.

import type { Projection, StoredEvent } from '@binaan/event-store';

export const auditTrailProjection: Projection = {
  name: 'audit-trail',
  setupSql: `
    CREATE TABLE IF NOT EXISTS audit_trail (
      global_position  bigint PRIMARY KEY,
      event_id         uuid NOT NULL,
      stream_id        text NOT NULL,
      stream_type      text NOT NULL,
      revision         bigint NOT NULL,
      event_type       text NOT NULL,
      actor_user_id    text,
      actor_company_id text,
      recorded_at      timestamptz NOT NULL
    );
    CREATE INDEX IF NOT EXISTS audit_trail_by_actor ON audit_trail (actor_user_id, recorded_at);
    CREATE INDEX IF NOT EXISTS audit_trail_by_company ON audit_trail (actor_company_id, recorded_at);`,
  tables: ['audit_trail'],
  async apply(events: readonly StoredEvent[], db) {
    await db.query(
      `INSERT INTO audit_trail (global_position, event_id, stream_id, stream_type, revision, event_type, actor_user_id, actor_company_id, recorded_at)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::timestamptz[])
       ON CONFLICT (global_position) DO NOTHING`,
      [
        events.map((e) => e.globalPosition),
        events.map((e) => e.id),
        events.map((e) => e.streamId),
        events.map((e) => e.streamType),
        events.map((e) => e.revision),
        events.map((e) => e.type),
        events.map((e) => e.metadata.actorUserId ?? null),
        events.map((e) => e.metadata.actorCompanyId ?? null),
        events.map((e) => e.metadata.recordedAt),
      ],
    );
  },
  // The same rows from the append's own statement (PostgreSQL: no transaction around the append).
  inline: () => [
    {
      text: `INSERT INTO audit_trail (global_position, event_id, stream_id, stream_type, revision, event_type, actor_user_id, actor_company_id, recorded_at)
           SELECT global_position, event_id, stream_id, stream_type, revision, type, metadata->>'actorUserId', metadata->>'actorCompanyId', recorded_at FROM appended
           ON CONFLICT (global_position) DO NOTHING`,
      params: [],
    },
  ],
};

// Read models of the transparency log, fed in the append's transaction: the signed checkpoints and the
// log keys. The Merkle tree itself is not a projection: it grows after the fact (log-checkpointer.ts).
import type { Projection, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { LOG_EVENT_TYPES, type LogCheckpointSignedData, type LogKeyPublishedData } from './log.events.js';

async function apply(events: readonly StoredEvent[], db: SqlExecutor): Promise<void> {
  for (const event of events) {
    if (event.type === 'LogCheckpointSigned') {
      const c = event.data as unknown as LogCheckpointSignedData;
      await db.query(
        `INSERT INTO log_checkpoints (tree_size, root_hash, origin, signed_at, kid, note, event_id, revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (tree_size) DO NOTHING`,
        [c.treeSize, c.rootHash, c.origin, c.signedAt, c.kid, c.note, event.id, event.revision],
      );
    } else if (event.type === 'LogKeyPublished') {
      const k = event.data as unknown as LogKeyPublishedData;
      await db.query(
        `INSERT INTO log_keys (kid, public_key, key_name, note_key_id, not_before) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (kid) DO NOTHING`,
        [k.kid, k.publicKey, k.keyName, k.noteKeyId, k.notBefore],
      );
    }
  }
}

export const transparencyLogProjection: Projection = {
  name: 'transparency-log',
  eventTypes: LOG_EVENT_TYPES,
  tables: ['log_checkpoints', 'log_keys'],
  setupSql: `
    CREATE TABLE IF NOT EXISTS log_checkpoints (
      tree_size bigint PRIMARY KEY, root_hash text NOT NULL, origin text NOT NULL, signed_at timestamptz NOT NULL,
      kid text NOT NULL, note text NOT NULL, event_id uuid NOT NULL, revision bigint NOT NULL);
    CREATE TABLE IF NOT EXISTS log_keys (
      kid text PRIMARY KEY, public_key text NOT NULL, key_name text NOT NULL, note_key_id text NOT NULL, not_before timestamptz NOT NULL);`,
  apply,
};

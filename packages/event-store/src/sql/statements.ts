// The SQL text of the store, the same for PGlite and PostgreSQL.
//
// An append is ONE statement (so, outside a projection transaction, one round trip and one commit):
// a conditional write of the stream head, and the events inserted only if that write happened. Two
// writers racing for the same revision queue on the head row; the second re-checks the condition after
// the first commits, finds the revision moved and writes nothing.

const INSERT_EVENTS = `
  ins AS (
    INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT e.event_id::uuid, $1, $2, e.revision, e.type, e.data::jsonb, e.metadata::jsonb, $5, e.prev_hash, e.hash
    FROM head,
      unnest($7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
        WITH ORDINALITY AS e(event_id, revision, type, data, metadata, prev_hash, hash, ord)
    ORDER BY e.ord
    RETURNING global_position, revision
  )
  SELECT global_position, revision FROM ins ORDER BY revision`;

/** $1 stream id, $2 type, $3 new revision, $4 new head hash, $5 recorded at, $6 (unused: keeps numbering), $7.. event columns. */
export const APPEND_NEW_STREAM = `
  WITH head AS (
    INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
    SELECT $1, $2, $3, $4, $5, $5 WHERE $6::bigint = -1
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_id
  ),${INSERT_EVENTS}`;

/** As APPEND_NEW_STREAM, $6 the expected revision; $14 the expected head hash. */
export const APPEND_EXISTING_STREAM = `
  WITH head AS (
    UPDATE streams SET revision = $3, last_hash = $4, updated_at = $5
    WHERE stream_id = $1 AND revision = $6 AND last_hash = $14
    RETURNING stream_id
  ),${INSERT_EVENTS}`;

export const EVENT_COLUMNS = `global_position, event_id, stream_id, stream_type, revision, type, data, metadata,
  recorded_at, prev_hash, hash`;

export const READ_STREAM = `
  SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND revision >= $2
    AND ($3::bigint IS NULL OR revision <= $3)
    AND ($4::timestamptz IS NULL OR recorded_at <= $4)
  ORDER BY revision
  LIMIT $5`;

export const STREAM_HEAD = `SELECT stream_id, stream_type, revision, last_hash FROM streams WHERE stream_id = $1`;

export const EVENTS_BY_ID = `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`;

/**
 * Global order for catch-up: (writing transaction, position), only below the oldest transaction still
 * running. Everything below that horizon has committed, and whatever commits later sorts after it, so a
 * reader that remembers the last event it saw never skips one. `$1` is that event's position; its
 * transaction is looked up (positions are not in commit order across concurrent writers).
 */
export const READ_ALL = `
  WITH cursor AS (
    SELECT COALESCE(
      (SELECT tx_id FROM events WHERE global_position <= $1 ORDER BY global_position DESC LIMIT 1),
      '0'::xid8) AS tx_id
  )
  SELECT ${EVENT_COLUMNS} FROM events, cursor
  WHERE events.tx_id < pg_snapshot_xmin(pg_current_snapshot())
    AND (events.tx_id, events.global_position) > (cursor.tx_id, $1::bigint)
  ORDER BY events.tx_id, events.global_position
  LIMIT $2`;

export const LAST_POSITION = `SELECT COALESCE(MAX(global_position), 0) AS position FROM events`;

export const LIST_STREAMS = `SELECT stream_id FROM streams WHERE stream_id > $1 ORDER BY stream_id LIMIT $2`;

export const LOAD_CHECKPOINT = `SELECT position FROM subscription_checkpoints WHERE name = $1`;

export const SAVE_CHECKPOINT = `
  INSERT INTO subscription_checkpoints (name, position, updated_at) VALUES ($1, $2, now())
  ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`;

export const STATS_BY_TYPE = `
  SELECT stream_type, COUNT(*) AS streams, COALESCE(SUM(revision + 1), 0) AS events
  FROM streams GROUP BY stream_type ORDER BY stream_type`;

// The SQL text of the store, the same for PGlite and PostgreSQL.
//
// An append is ONE statement (so, outside a projection transaction, one round trip and one commit). On
// PostgreSQL it is sent as below (a named prepared statement); PGlite calls the same logic as plpgsql
// functions (pglite-append-functions.ts). The statement:
// a conditional write of the stream head, and the events inserted only if that write happened. Two
// writers racing for the same revision queue on the head row; the second re-checks the condition after
// the first commits, finds the revision moved and writes nothing.
//
// Catch-up readers hold back only for in-progress transactions that write events (READ_HORIZON), not
// for every transaction on the server: a long report, a rebuild or another database's work does not
// stall subscriptions. A writer is known by the ROW EXCLUSIVE lock on the events table that PostgreSQL
// takes for an INSERT before the statement runs, so before the transaction writes anything and gets an
// id, and holds to the end of the transaction. (It replaced a shared advisory lock taken in the
// statement: that one goes through the shared lock table, where 8 writers queued on it, while a
// relation lock of this mode takes the per-backend fast path; see test/bench/event-store/README.md.)
// Rule: an append is the first write of its transaction (projections run after it), and every writer
// uses the same database role as the readers (pg_stat_activity shows a session's transaction id to its
// own role).

// The events' columns come as arrays zipped by ROWS FROM: ids, revisions, types and hashes as array
// literals, data and metadata as one JSON array each (the canonical JSON texts joined: nothing to
// escape on the way, where a text[] would need every quote of every event escaped and unescaped).
const insertEvents = (name: string, returning: string) => `
  ${name} AS (
    INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT e.event_id, $1, $2, e.revision, e.type, e.data, e.metadata, $5, e.prev_hash, e.hash
    FROM head,
      ROWS FROM (unnest($7::uuid[]), unnest($8::bigint[]), unnest($9::text[]), json_array_elements($10::json),
        json_array_elements($11::json), unnest($12::text[]), unnest($13::text[]))
        WITH ORDINALITY AS e(event_id, revision, type, data, metadata, prev_hash, hash, ord)
    ORDER BY e.ord
    RETURNING ${returning}
  )`;

/**
 * The positions written, in revision order, as one text ('17,18,19'; NULL when nothing was written):
 * one row to read back instead of one per event.
 */
const POSITIONS = (cte: string) => `SELECT string_agg(global_position::text, ',' ORDER BY revision) AS positions FROM ${cte}`;

const INSERT_EVENTS = `${insertEvents('ins', 'global_position, revision')}
  ${POSITIONS('ins')}`;

const HEAD_NEW_STREAM = `head AS (
    INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
    SELECT $1, $2, $3, $4, $5, $5 WHERE $6::bigint = -1
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_id
  )`;

const HEAD_EXISTING_STREAM = `head AS (
    UPDATE streams SET revision = $3, last_hash = $4, updated_at = $5
    WHERE stream_id = $1 AND revision = $6 AND last_hash = $14
    RETURNING stream_id
  )`;

/** $1 stream id, $2 type, $3 new revision, $4 new head hash, $5 recorded at, $6 (unused: keeps numbering), $7.. event columns. */
export const APPEND_NEW_STREAM = `
  WITH ${HEAD_NEW_STREAM},${INSERT_EVENTS}`;

/** As APPEND_NEW_STREAM, $6 the expected revision; $14 the expected head hash. */
export const APPEND_EXISTING_STREAM = `
  WITH ${HEAD_EXISTING_STREAM},${INSERT_EVENTS}`;

/**
 * A one-event append (most appends) as the same statement with scalar parameters. Zipping arrays with
 * ROWS FROM materialises each column into a tuplestore and sorts the rows: on the server that cost
 * about as much again as the insert itself (see test/bench/event-store/README.md).
 * $1 stream id, $2 stream type, $3 the event's revision (the new head), $4 its hash (the new head hash),
 * $5 recorded at, $6 event id, $7 event type, $8 data, $9 metadata, $10 previous hash, which on an
 * existing stream is the head hash expected.
 */
const INSERT_ONE_EVENT = `
  INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
  SELECT $6::uuid, $1, $2, $3, $7, $8::json, $9::json, $5, $10, $4 FROM head
  RETURNING global_position`;

export const APPEND_ONE_NEW_STREAM = `
  WITH head AS (
    INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
    SELECT $1, $2, $3, $4, $5, $5
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING stream_id
  )${INSERT_ONE_EVENT}`;

export const APPEND_ONE_EXISTING_STREAM = `
  WITH head AS (
    UPDATE streams SET revision = $3, last_hash = $4, updated_at = $5
    WHERE stream_id = $1 AND revision = $3::bigint - 1 AND last_hash = $10
    RETURNING stream_id
  )${INSERT_ONE_EVENT}`;

/**
 * An append with projections' statements riding in it (Projection.inline): each a data-modifying CTE
 * after `appended`, the rows just written (none when the head moved: then they write nothing either).
 * One statement: the whole append is one round trip and one commit, with no transaction around it.
 * Parameters as the plain append's; the statements' own follow them.
 */
export function appendWithStatements(newStream: boolean, statements: readonly string[]): string {
  const appended = insertEvents('appended', 'global_position, event_id, stream_id, stream_type, revision, type, metadata, recorded_at');
  const ridden = statements.map((text, index) => `,\n  projection_${index} AS (${text})`).join('');
  return `
  WITH ${newStream ? HEAD_NEW_STREAM : HEAD_EXISTING_STREAM},${appended}${ridden}
  ${POSITIONS('appended')}`;
}

/**
 * One event row as ONE JSON text: [position, revision, recorded-at epoch ms, id, stream id, stream type,
 * type, prev hash, hash, data, metadata] (see row-mapping.ts). Drivers turn each column of each row into
 * a string of its own (PGlite copies a buffer per column); one column per row and one JSON.parse is
 * several times faster to read. (concat() and date_part's float: cheaper than || and numeric; recorded_at
 * holds whole milliseconds, which a double keeps exactly at this scale and round() gives back.)
 */
export const EVENT_JSON = `concat('[', global_position, ',', revision, ',', round(date_part('epoch', recorded_at) * 1000)::bigint,
  ',"', event_id, '",', to_json(stream_id), ',', to_json(stream_type), ',', to_json(type), ',"', prev_hash, '","', hash, '",',
  data, ',', metadata, ']') AS e`;

/**
 * EVENT_JSON for the reads of the whole log (catch-up, replay, rebuild), where it is most of the
 * database's work: the text columns quoted by hand, with backslashes and double quotes escaped, instead
 * of to_json(), which looks up how to print its argument's type on every call (the three to_json calls
 * took about as long as reading the row). The store only writes ids and types without characters JSON
 * must escape; a row edited by hand to hold a control character makes JSON.parse fail, and the reader
 * reads that page again with EVENT_JSON (see readLogPage), so nothing is lost, only speed.
 */
const quoted = (column: string) => `'"', replace(replace(${column}, '\\', '\\\\'), '"', '\\"'), '"'`;
export const EVENT_JSON_FAST = `concat('[', global_position, ',', revision, ',', round(date_part('epoch', recorded_at) * 1000)::bigint,
  ',"', event_id, '",', ${quoted('stream_id')}, ',', ${quoted('stream_type')}, ',', ${quoted('type')}, ',', ${quoted('prev_hash')}, ',', ${quoted('hash')}, ',',
  data, ',', metadata, ']') AS e`;

export const READ_STREAM = `
  SELECT ${EVENT_JSON} FROM events
  WHERE stream_id = $1 AND revision >= $2
    AND ($3::bigint IS NULL OR revision <= $3)
    AND ($4::timestamptz IS NULL OR recorded_at <= $4)
  ORDER BY revision
  LIMIT $5`;

/** The writer mark (see above) for a transaction whose first statement is not the append itself. */
export const TAKE_WRITER_LOCK = `LOCK TABLE events IN ROW EXCLUSIVE MODE`;

export const LOCK_STREAM_HEAD = `SELECT revision, last_hash FROM streams WHERE stream_id = $1 FOR UPDATE`;

export const STREAM_HEAD = `SELECT stream_id, stream_type, revision, last_hash FROM streams WHERE stream_id = $1`;

export const EVENTS_BY_ID = `SELECT ${EVENT_JSON} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY global_position`;

/**
 * The catch-up horizon, read in its own statement BEFORE the events: the oldest transaction that was in
 * progress at this statement's snapshot and holds the writer mark (ROW EXCLUSIVE on events), or else the snapshot's xmax
 * (the next transaction id). Every event a transaction below it will ever write is committed, or never
 * will be; a writer that was in progress and has finished since is visible to the next statement.
 * pg_stat_activity's backend_xid is 32 bits: matched to the snapshot's 64-bit ids by their low 32 bits.
 */
const READ_HORIZON = `
  WITH snap AS (SELECT pg_current_snapshot() AS s),
  writers AS (
    SELECT a.backend_xid::text::bigint AS xid32
    FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'relation' AND l.relation = to_regclass('events') AND l.mode = 'RowExclusiveLock' AND l.granted
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND a.backend_xid IS NOT NULL
  )
  SELECT COALESCE(
    (SELECT MIN(x)::text FROM snap, pg_snapshot_xip(snap.s) AS x
      WHERE (x::text::numeric % 4294967296)::bigint IN (SELECT xid32 FROM writers)),
    (SELECT pg_snapshot_xmax(s)::text FROM snap)) AS horizon`;

/**
 * Global order for catch-up: (writing transaction, position), only below the horizon. Everything below
 * it has committed (or never will), and whatever commits later sorts after it, so a reader that
 * remembers the last event it saw never skips one. `$1` is that event's position; its transaction is
 * looked up (positions are not in commit order across concurrent writers).
 */
const readAll = (row: string) => `
  WITH cursor AS (
    SELECT COALESCE(
      (SELECT tx_id FROM events WHERE global_position <= $1 ORDER BY global_position DESC LIMIT 1),
      '0'::xid8) AS tx_id
  )
  SELECT ${row} FROM events, cursor
  WHERE events.tx_id < $3::xid8
    AND (events.tx_id, events.global_position) > (cursor.tx_id, $1::bigint)
  ORDER BY events.tx_id, events.global_position
  LIMIT $2`;

/**
 * Global order on PGlite: its one session runs transactions one at a time, so positions are given in
 * commit order and nothing uncommitted is ever beside a reader: plain position order is catch-up safe.
 */
export const readAllSerial = (row: string) => `SELECT ${row} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2`;

export const LAST_POSITION = `SELECT COALESCE(MAX(global_position), 0) AS position FROM events`;

export const LIST_STREAMS = `SELECT stream_id FROM streams WHERE stream_id > $1 ORDER BY stream_id LIMIT $2`;

export const LOAD_CHECKPOINT = `SELECT position FROM subscription_checkpoints WHERE name = $1`;

export const SAVE_CHECKPOINT = `
  INSERT INTO subscription_checkpoints (name, position, updated_at) VALUES ($1, $2, now())
  ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at`;

export const STATS_BY_TYPE = `
  SELECT stream_type, COUNT(*) AS streams, COALESCE(SUM(revision + 1), 0) AS events
  FROM streams GROUP BY stream_type ORDER BY stream_type`;

/**
 * PostgreSQL: the horizon and the page in one round trip (the followers of the log read it after every
 * burst of appends: two round trips were most of what a BQ edit cost beyond its own append). Still two
 * statements, in this order, each with a snapshot of its own: a VOLATILE function takes a fresh snapshot for
 * every statement it runs (READ COMMITTED), as the two round trips did; one statement would read the
 * writers' locks after its own snapshot was taken and could pass a transaction that commits in between.
 * Made from the texts above at every open (CREATE OR REPLACE under an advisory lock, when its text changed).
 */
const logPageBody = (row: string) =>
  readAll(row)
    .replace(/\$1(::bigint)?/g, 'p_after')
    .replace('$3::xid8', 'v_horizon')
    .replace('$2', 'p_limit');
export const LOG_PAGE_FUNCTION = `CREATE OR REPLACE FUNCTION binaan_log_page(p_after bigint, p_limit integer, p_fast boolean)
RETURNS SETOF text LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE v_horizon xid8;
BEGIN
  v_horizon := (${READ_HORIZON.trim()})::xid8;
  IF p_fast THEN
    RETURN QUERY ${logPageBody(EVENT_JSON_FAST)};
  ELSE
    RETURN QUERY ${logPageBody(EVENT_JSON)};
  END IF;
END $fn$`;
export const READ_LOG_PAGE = `SELECT e FROM binaan_log_page($1, $2, $3) AS e`;
/**
 * The transparency log's page of the log (merkle/sql-merkle-log.ts): readAll's order and horizon, only what
 * a leaf needs (no data to parse or open). PostgreSQL: the horizon first, then the page below it ($3).
 */
export const LEAF_HORIZON = READ_HORIZON;
export const LEAF_PAGE = readAll('events.global_position, events.event_id, events.hash');
export const LEAF_PAGE_SERIAL = readAllSerial('global_position, event_id, hash');
export const READ_ALL_SERIAL = { fast: readAllSerial(EVENT_JSON_FAST), safe: readAllSerial(EVENT_JSON) } as const;

/**
 * PGlite's pages of the log: the rows of up to 64 consecutive positions as one JSON array each. PGlite
 * hands every row through its JavaScript protocol reader one by one; a page of 1000 events in about 16
 * rows read in 0.6x the CPU time (test/bench/event-store/README.md). Grouped by position, so no window
 * function, and no value grows past 64 events.
 */
export const READ_ALL_SERIAL_CHUNKED = `
  SELECT concat('[', string_agg(p.e, ',' ORDER BY p.global_position), ']') AS e
  FROM (SELECT global_position, ${EVENT_JSON_FAST}, global_position / 64 AS chunk
    FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2) p
  GROUP BY chunk ORDER BY chunk`;

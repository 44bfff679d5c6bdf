// PGlite's appends as plpgsql functions. PGlite has no named prepared statements, so a statement sent as
// text is parsed and planned on every call, in WebAssembly: for the append CTE that was most of an
// append's cost. A plpgsql function keeps its statements' plans for the session, and the call itself is
// tiny to parse. Same rules as the statements in statements.ts (one statement, the head row written only
// if it still holds, events only if the head was written); made anew (CREATE OR REPLACE) at every open,
// so they always match this code. PostgreSQL keeps the prepared statements.

const ZIP_EVENTS = `ROWS FROM (unnest(p_ids), unnest(p_revisions), unnest(p_types), json_array_elements(p_data),
        json_array_elements(p_metadata), unnest(p_prev_hashes), unnest(p_hashes))
        WITH ORDINALITY AS e(event_id, revision, type, data, metadata, prev_hash, hash, ord)`;

/** Writes the stream head (new when p_expected = -1, else only if it is still at p_expected / p_expected_hash). */
const WRITE_HEAD = `
  IF p_expected = -1 THEN
    INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
    VALUES (p_stream_id, p_stream_type, p_revision, p_last_hash, p_recorded_at, p_recorded_at)
    ON CONFLICT (stream_id) DO NOTHING;
  ELSE
    UPDATE streams SET revision = p_revision, last_hash = p_last_hash, updated_at = p_recorded_at
    WHERE stream_id = p_stream_id AND revision = p_expected AND last_hash = p_expected_hash;
  END IF;`;

const HEAD_PARAMS = `p_stream_id text, p_stream_type text, p_revision bigint, p_last_hash text, p_recorded_at timestamptz,
  p_expected bigint, p_expected_hash text`;

export const PGLITE_APPEND_FUNCTIONS = `
CREATE OR REPLACE FUNCTION binaan_append_events(${HEAD_PARAMS},
  p_ids uuid[], p_revisions bigint[], p_types text[], p_data json, p_metadata json, p_prev_hashes text[], p_hashes text[])
RETURNS SETOF bigint LANGUAGE plpgsql AS $fn$
BEGIN
  ${WRITE_HEAD}
  IF NOT FOUND THEN RETURN; END IF;
  RETURN QUERY WITH ins AS (
    INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
    SELECT e.event_id, p_stream_id, p_stream_type, e.revision, e.type, e.data, e.metadata, p_recorded_at, e.prev_hash, e.hash
    FROM ${ZIP_EVENTS}
    ORDER BY e.ord
    RETURNING events.global_position, events.revision
  ) SELECT ins.global_position FROM ins ORDER BY ins.revision;
END $fn$;

CREATE OR REPLACE FUNCTION binaan_append_event(${HEAD_PARAMS},
  p_id uuid, p_type text, p_data json, p_metadata json, p_prev_hash text)
RETURNS bigint LANGUAGE plpgsql AS $fn$
DECLARE new_position bigint;
BEGIN
  ${WRITE_HEAD}
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO events (event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
  VALUES (p_id, p_stream_id, p_stream_type, p_revision, p_type, p_data, p_metadata, p_recorded_at, p_prev_hash, p_last_hash)
  RETURNING global_position INTO new_position;
  RETURN new_position;
END $fn$;`;

export const CALL_APPEND_EVENTS = `SELECT binaan_append_events($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) AS global_position`;
export const CALL_APPEND_EVENT = `SELECT binaan_append_event($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) AS global_position`;

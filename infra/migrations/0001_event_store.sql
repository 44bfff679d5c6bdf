-- The event store: an append-only log of events, one row per stream head, and durable subscription
-- checkpoints. Read-model tables are not here: each projection creates its own and can rebuild them
-- from the log (packages/event-store/src/sql/projections.ts).

CREATE TABLE streams (
  stream_id   text PRIMARY KEY,
  stream_type text NOT NULL,
  -- Revision and hash of the stream's last event: the optimistic-concurrency check and the chain's head.
  revision    bigint NOT NULL,
  last_hash   text NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX streams_by_type ON streams (stream_type, stream_id);

CREATE TABLE events (
  global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The writing transaction: catch-up readers only read below the oldest transaction still running, in
  -- (tx_id, global_position) order, so an event committed late is never skipped.
  tx_id       xid8 NOT NULL DEFAULT pg_current_xact_id(),
  event_id    uuid NOT NULL,
  stream_id   text NOT NULL,
  stream_type text NOT NULL,
  revision    bigint NOT NULL CHECK (revision >= 0),
  type        text NOT NULL,
  data        jsonb NOT NULL,
  metadata    jsonb NOT NULL,
  recorded_at timestamptz NOT NULL,
  prev_hash   text NOT NULL,
  hash        text NOT NULL,
  CONSTRAINT events_event_id_unique UNIQUE (event_id),
  CONSTRAINT events_stream_revision_unique UNIQUE (stream_id, revision)
);
CREATE INDEX events_by_tx_position ON events (tx_id, global_position);

-- Events are never changed or removed by the application. This stops mistakes; the hash chain is what
-- catches a deliberate change by someone who can switch triggers off.
CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_are_append_only();

CREATE TABLE subscription_checkpoints (
  name       text PRIMARY KEY,
  position   bigint NOT NULL,
  updated_at timestamptz NOT NULL
);

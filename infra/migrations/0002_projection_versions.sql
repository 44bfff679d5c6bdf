-- Which shape of each projection's tables the read models hold: a projection that is new, or whose
-- setup SQL changed, is rebuilt from the log when the store opens (packages/event-store sql/projections.ts).
CREATE TABLE projection_versions (
  name       text PRIMARY KEY,
  setup_hash text NOT NULL,
  rebuilt_at timestamptz NOT NULL,
  events     bigint NOT NULL
);

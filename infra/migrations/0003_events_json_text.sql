-- Event data and metadata as `json` (the text as written) instead of `jsonb`. The store writes canonical
-- JSON and only ever reads an event back whole: never queries inside it. jsonb re-parsed every value on
-- the way in and re-printed it on every read, which was most of the database's work in a replay of
-- the log; json checks the text on the way in and hands it back unchanged. Existing rows keep their
-- values (jsonb's printed form parses to the same JSON), so their hashes still verify.
ALTER TABLE events
  ALTER COLUMN data TYPE json USING data::json,
  ALTER COLUMN metadata TYPE json USING metadata::json;

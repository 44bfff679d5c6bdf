-- Each person's data key, wrapped by the master key (packages/event-store personal-data/). Kept apart from
-- the events: forgetting a person clears wrapped_key for good, and their sealed fields in the events stay
-- sealed for ever, so the chains still verify and nothing of the person can be read back.
CREATE TABLE personal_data_keys (
  subject_id    text PRIMARY KEY,
  master_key_id text,
  wrapped_key   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  forgotten_at  timestamptz
);

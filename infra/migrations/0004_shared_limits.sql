-- Limits shared by every API process and host (apps/api/src/limits/postgres-limits.ts): the public calls'
-- fixed-window counters per caller, and the one-time marks of used human-check solutions. Times are
-- milliseconds since the epoch from the application's clock (the one every other decision uses).
-- rate_windows is UNLOGGED: a counter lost in a crash only hands out a fresh window, and the table takes a
-- write on every public lookup. used_once is logged: a lost mark would let a solved challenge pass again.
CREATE UNLOGGED TABLE rate_windows (
  key        text PRIMARY KEY,
  count      integer NOT NULL,
  resets_at  bigint NOT NULL
);
CREATE INDEX rate_windows_resets_at ON rate_windows (resets_at);

CREATE TABLE used_once (
  key        text PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX used_once_expires_at ON used_once (expires_at);

// Projections: functions from events to read-model changes. On the SQL stores a projection runs in the
// same transaction as the append that recorded its events, so a reply can read its own write and a
// failing projection fails the append (nothing half-recorded). Read-model tables belong to their
// projection, not to the migrations: a change of shape is a rebuild from the log.

import { createHash } from 'node:crypto';
import type { StoredEvent } from '../types.js';
import type { SqlDatabase, SqlExecutor } from './sql-database.js';
import { READ_ALL_SERIAL } from './statements.js';
import { readLogPage, type EventJsonRow } from './row-mapping.js';
import type { PersonalDataCodec } from '../personal-data/personal-data.js';

export type Projection = {
  /** Unique; also the name rebuild reports under. */
  name: string;
  /** Event types it reads; undefined: every event. */
  eventTypes?: readonly string[];
  /** Idempotent DDL for its tables (CREATE TABLE IF NOT EXISTS ...). */
  setupSql: string;
  /** Its tables, dropped and made anew by a rebuild. */
  tables: readonly string[];
  apply(events: readonly StoredEvent[], db: SqlExecutor): Promise<void>;
  /**
   * Optional, used on PostgreSQL (where a round trip costs): what `apply` would write for these events, as
   * statements that ride in the append's own statement (statements.ts appendWithStatements), so the append
   * and its read models are one round trip with no transaction around them. Each statement is one
   * INSERT, UPDATE or DELETE that may read `appended` (the rows just written: global_position, event_id,
   * stream_id, stream_type, revision, type, metadata (json), recorded_at) and must write nothing when it
   * is empty (the head moved: nothing was appended), e.g. `... WHERE EXISTS (SELECT 1 FROM appended)`.
   * Statements of one append run on one snapshot: none sees another's writes, so two must not write the
   * same row. Parameters are numbered from $1 per statement, and `$` appears nowhere else in its text.
   * The tables must end as `apply` leaves them (a rebuild uses apply). null: use apply, in a transaction.
   */
  inline?(events: readonly StoredEvent[]): readonly InlineStatement[] | null;
};

export type InlineStatement = { text: string; params: readonly unknown[] };

/** Every relevant projection's inline statements for these events; null when one of them has none. */
export function inlineStatements(projections: readonly Projection[], events: readonly StoredEvent[]): InlineStatement[] | null {
  const statements: InlineStatement[] = [];
  for (const projection of projections) {
    const relevant = eventsFor(projection, events);
    if (relevant.length === 0) continue;
    const own = projection.inline?.(relevant);
    if (!own) return null;
    statements.push(...own);
  }
  return statements;
}

export function eventsFor(projection: Projection, events: readonly StoredEvent[]): readonly StoredEvent[] {
  const types = projection.eventTypes;
  return types ? events.filter((event) => types.includes(event.type)) : events;
}

export async function applyProjections(projections: readonly Projection[], events: readonly StoredEvent[], tx: SqlExecutor): Promise<void> {
  for (const projection of projections) {
    const relevant = eventsFor(projection, events);
    if (relevant.length > 0) await projection.apply(relevant, tx);
  }
}

const PROJECTIONS_LOCK = 7_310_002;

/**
 * Makes every projection's tables current when the store opens. A projection seen for the first time,
 * or whose setup SQL changed, is rebuilt from the whole log (new read models start complete, not
 * empty); the others keep their rows. Under an advisory lock, so instances starting together agree.
 */
export async function setupProjections(
  db: SqlDatabase,
  projections: readonly Projection[],
  personalData?: PersonalDataCodec,
): Promise<string[]> {
  const rebuilt: string[] = [];
  await db.maintenance(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [PROJECTIONS_LOCK]);
    const known = new Map(
      (await tx.query<{ name: string; setup_hash: string }>('SELECT name, setup_hash FROM projection_versions')).map((row) => [
        row.name,
        row.setup_hash,
      ]),
    );
    const stale = projections.filter((projection) => known.get(projection.name) !== setupHash(projection));
    for (const projection of projections) if (!stale.includes(projection)) await tx.script(projection.setupSql);
    if (stale.length > 0) {
      await rebuildIn(tx, stale, undefined, undefined, personalData);
      rebuilt.push(...stale.map((projection) => projection.name));
    }
  });
  return rebuilt;
}

/** What projection_versions records: a change of the setup SQL or the tables makes a rebuild. */
export function setupHash(projection: Projection): string {
  return createHash('sha256').update(projection.setupSql).update('\u0000').update(projection.tables.join(',')).digest('hex');
}

export type RebuildProgress = (processed: number, total: number) => void;

/**
 * Replays the whole log into fresh tables, in one transaction: readers keep the old rows until it
 * commits, and appends that feed these projections wait on the table locks, so none is missed.
 * Reads in position order without the catch-up horizon: inside this transaction every committed event
 * is visible and no event for these tables can commit meanwhile.
 */
export async function rebuildProjections(
  db: SqlDatabase,
  projections: readonly Projection[],
  onProgress: RebuildProgress = () => undefined,
  pageSize = 5000,
  personalData?: PersonalDataCodec,
): Promise<{ events: number; projections: string[] }> {
  return db.maintenance((tx) => rebuildIn(tx, projections, onProgress, pageSize, personalData));
}

async function rebuildIn(
  tx: SqlExecutor,
  projections: readonly Projection[],
  onProgress: RebuildProgress = () => undefined,
  pageSize = 5000,
  personalData?: PersonalDataCodec,
): Promise<{ events: number; projections: string[] }> {
  for (const projection of projections) {
    for (const table of projection.tables) await tx.script(`DROP TABLE IF EXISTS ${table} CASCADE`);
    await tx.script(projection.setupSql);
  }
  const [{ total } = { total: 0 }] = await tx.query<{ total: string | number }>('SELECT COUNT(*) AS total FROM events');
  let after = 0;
  let processed = 0;
  for (;;) {
    const stored = await readLogPage((format) => tx.query<EventJsonRow>(READ_ALL_SERIAL[format], [after, pageSize]));
    if (stored.length === 0) break;
    // Keys are read on this transaction's connection (PGlite has one).
    const events = personalData ? await personalData.open(stored, tx) : stored;
    await applyProjections(projections, events, tx);
    after = events[events.length - 1]!.globalPosition;
    processed += events.length;
    onProgress(processed, Number(total));
  }
  for (const projection of projections) {
    await tx.query(
      `INSERT INTO projection_versions (name, setup_hash, rebuilt_at, events) VALUES ($1, $2, now(), $3)
       ON CONFLICT (name) DO UPDATE SET setup_hash = excluded.setup_hash, rebuilt_at = excluded.rebuilt_at, events = excluded.events`,
      [projection.name, setupHash(projection), processed],
    );
  }
  return { events: processed, projections: projections.map((projection) => projection.name) };
}

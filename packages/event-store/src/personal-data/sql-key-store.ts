// The data keys of persons, wrapped by the master key, in their own table beside the events (backed up
// apart from them: an events backup restored after an erasure still cannot open the person's fields).
// Forgetting a person clears their wrapped key for good; a forgotten person never gets a new key.

import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';
import { newDataKey, unwrapDataKey, wrapDataKey, type MasterKey } from './field-cipher.js';

export type DataKey = Buffer | 'forgotten';

export interface PersonalKeyStore {
  /** The subject's data key, made when `create` and none exists yet; 'forgotten' once destroyed; null: none. */
  dataKey(subject: string, create: boolean, via?: SqlExecutor): Promise<DataKey | null>;
  /** Destroys the subject's key; false when it held none (never sealed anything, or forgotten already). */
  forget(subject: string): Promise<boolean>;
  /** The key when this process holds it, without a round trip (replays open most events this way). */
  cached(subject: string): DataKey | undefined;
  /**
   * Starts the check for keys destroyed elsewhere when it is due, as `cached` does: for a reader that uses
   * no key for a while (values it opened before), so erasures elsewhere still reach it in time.
   */
  checkWhenDue?(): void;
  /** The keys of these subjects that exist (held, or read in one round trip): a page of the log meets many persons. */
  dataKeys(subjects: readonly string[], via?: SqlExecutor): Promise<Map<string, DataKey>>;
  /** Subjects whose key is still held, named `prefix`... and sorting before `below` (retention's days), in order. */
  heldSubjects(prefix: string, below: string): Promise<string[]>;
  /**
   * Calls `listener` when this process learns that a key it held is destroyed (here, or elsewhere at the
   * next check), with the subject, or null when it no longer trusts any key it holds: what was opened
   * with those keys is to be dropped at once (the codec's opened values).
   */
  onForgotten?(listener: (subject: string | null) => void): void;
}

type KeyRow = { master_key_id: string | null; wrapped_key: string | null };

/**
 * How often this process asks whether keys it holds were destroyed elsewhere (another instance's erasure
 * shows here within this, plus that one query). Keys are not read again: a data key never changes (a
 * rotation re-wraps it, the key inside is the same), it only goes, and `forgotten_at` says when.
 */
export const KEY_CACHE_MS = 30_000;
const KEY_CACHE_ENTRIES = 20_000;
/** Looking back further than the last check by this much covers clocks apart and erasures committed late. */
const FORGOTTEN_LOOKBACK_MS = 5 * 60_000;

export class SqlPersonalKeyStore implements PersonalKeyStore {
  private readonly cache = new Map<string, DataKey>();
  /** When the last check for erasures elsewhere began (this process's clock), and when the next is due. */
  private checkedAt: number;
  private checkDue: number;
  private checking = false;
  private readonly forgottenListeners: ((subject: string | null) => void)[] = [];

  /** `db`: where the keys are (the events' database, or on KurrentDB one of their own). `masters[0]` wraps new keys; the others open keys wrapped before a rotation. */
  constructor(
    readonly db: SqlDatabase,
    private readonly masters: readonly MasterKey[],
    private readonly now: () => number = Date.now,
  ) {
    if (masters.length === 0) throw new Error('personal data needs a master key');
    this.checkedAt = now();
    this.checkDue = this.checkedAt + KEY_CACHE_MS;
  }

  cached(subject: string): DataKey | undefined {
    const key = this.cache.get(subject);
    // Keys held stay in use while the check runs (one query for all of them, off the caller's path): a
    // replay or a burst of appends never waits for it. Before, each key was read again every 30 s, one
    // round trip per person, which was most of what sealing cost a replay.
    if (key !== undefined && key !== 'forgotten') this.checkWhenDue();
    return key;
  }

  checkWhenDue(): void {
    if (this.now() >= this.checkDue) this.checkForgotten();
  }

  async dataKey(subject: string, create: boolean, via: SqlExecutor = this.db): Promise<DataKey | null> {
    const cached = this.cached(subject);
    if (cached !== undefined) return cached;
    let row = await this.read(subject, via);
    if (!row && create) {
      const master = this.masters[0]!;
      const wrapped = wrapDataKey(master, subject, newDataKey()).toString('base64');
      await via.query(
        'INSERT INTO personal_data_keys (subject_id, master_key_id, wrapped_key) VALUES ($1, $2, $3) ON CONFLICT (subject_id) DO NOTHING',
        [subject, master.id, wrapped],
      );
      row = await this.read(subject, via);
    }
    if (!row) return null;
    const key = this.unwrap(subject, row);
    this.remember(subject, key);
    return key;
  }

  async dataKeys(subjects: readonly string[], via: SqlExecutor = this.db): Promise<Map<string, DataKey>> {
    const found = new Map<string, DataKey>();
    const missing: string[] = [];
    for (const subject of subjects) {
      const cached = this.cached(subject);
      if (cached === undefined) missing.push(subject);
      else found.set(subject, cached);
    }
    if (missing.length === 0) return found;
    const rows = await via.query<KeyRow & { subject_id: string }>(
      'SELECT subject_id, master_key_id, wrapped_key FROM personal_data_keys WHERE subject_id = ANY($1)',
      [missing],
    );
    for (const row of rows) {
      const key = this.unwrap(row.subject_id, row);
      this.remember(row.subject_id, key);
      found.set(row.subject_id, key);
    }
    return found;
  }

  /** Marks the keys held here that were destroyed since the last check (by another process) as forgotten. */
  private checkForgotten(): void {
    if (this.checking) return;
    this.checking = true;
    const startedAt = this.now();
    const since = new Date(this.checkedAt - FORGOTTEN_LOOKBACK_MS).toISOString();
    // Started on a later tick, so a database that throws at once (closed) fails the check, never the read.
    Promise.resolve()
      .then(() => this.db.query<{ subject_id: string }>('SELECT subject_id FROM personal_data_keys WHERE forgotten_at >= $1', [since]))
      .then((rows) => {
        // Every erasure read is told, the keys no longer held too: what was opened with them may still be
        // remembered (opened-values.ts finds values by their seal, without the key).
        for (const row of rows) {
          if (this.cache.has(row.subject_id)) this.cache.set(row.subject_id, 'forgotten');
          this.tellForgotten(row.subject_id);
        }
        this.checkedAt = startedAt;
        this.checkDue = startedAt + KEY_CACHE_MS;
      })
      // Not known: nothing held is trusted any more; the next reads go to the database (and fail there, loudly, if it is away).
      .catch(() => {
        this.cache.clear();
        this.tellForgotten(null);
      })
      .finally(() => (this.checking = false));
  }

  async forget(subject: string): Promise<boolean> {
    const rows = await this.db.query<{ subject_id: string }>(
      `INSERT INTO personal_data_keys (subject_id, master_key_id, wrapped_key, forgotten_at) VALUES ($1, NULL, NULL, now())
       ON CONFLICT (subject_id) DO UPDATE SET master_key_id = NULL, wrapped_key = NULL, forgotten_at = now()
       WHERE personal_data_keys.wrapped_key IS NOT NULL
       RETURNING subject_id`,
      [subject],
    );
    this.remember(subject, 'forgotten');
    this.tellForgotten(subject);
    return rows.length > 0;
  }

  onForgotten(listener: (subject: string | null) => void): void {
    this.forgottenListeners.push(listener);
  }

  private tellForgotten(subject: string | null): void {
    for (const listener of this.forgottenListeners) listener(subject);
  }

  async heldSubjects(prefix: string, below: string): Promise<string[]> {
    // LIKE's own characters in a prefix are taken literally.
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await this.db.query<{ subject_id: string }>(
      'SELECT subject_id FROM personal_data_keys WHERE subject_id LIKE $1 AND subject_id < $2 AND wrapped_key IS NOT NULL ORDER BY subject_id',
      [pattern, below],
    );
    return rows.map((row) => row.subject_id);
  }

  /** Re-wraps every key under masters[0] (after a rotation); returns how many moved. */
  async rewrapAll(): Promise<number> {
    const current = this.masters[0]!;
    const rows = await this.db.query<KeyRow & { subject_id: string }>(
      'SELECT subject_id, master_key_id, wrapped_key FROM personal_data_keys WHERE wrapped_key IS NOT NULL AND master_key_id <> $1',
      [current.id],
    );
    for (const row of rows) {
      const key = this.unwrap(row.subject_id, row);
      if (key === 'forgotten') continue;
      await this.db.query(
        'UPDATE personal_data_keys SET master_key_id = $2, wrapped_key = $3 WHERE subject_id = $1 AND master_key_id = $4',
        [row.subject_id, current.id, wrapDataKey(current, row.subject_id, key).toString('base64'), row.master_key_id],
      );
    }
    return rows.length;
  }

  private async read(subject: string, via: SqlExecutor): Promise<KeyRow | null> {
    const [row] = await via.query<KeyRow>('SELECT master_key_id, wrapped_key FROM personal_data_keys WHERE subject_id = $1', [subject]);
    return row ?? null;
  }

  private unwrap(subject: string, row: KeyRow): DataKey {
    if (row.wrapped_key === null) return 'forgotten';
    const master = this.masters.find((candidate) => candidate.id === row.master_key_id);
    if (!master)
      throw new Error(`the personal data key of ${subject} is wrapped by master key ${row.master_key_id ?? '?'}, which is not configured`);
    return unwrapDataKey(master, subject, Buffer.from(row.wrapped_key, 'base64'));
  }

  private remember(subject: string, key: DataKey): void {
    this.cache.delete(subject);
    if (this.cache.size >= KEY_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(subject, key);
  }
}

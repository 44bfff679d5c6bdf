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
  /** The key when this process holds it fresh, without a round trip (replays open most events this way). */
  cached(subject: string): DataKey | undefined;
  /** Subjects whose key is still held, named `prefix`... and sorting before `below` (retention's days), in order. */
  heldSubjects(prefix: string, below: string): Promise<string[]>;
}

type KeyRow = { master_key_id: string | null; wrapped_key: string | null };

/** How long a key read stays in this process's cache: another instance's erasure shows here within this. */
export const KEY_CACHE_MS = 30_000;
const KEY_CACHE_ENTRIES = 20_000;

export class SqlPersonalKeyStore implements PersonalKeyStore {
  private readonly cache = new Map<string, { key: DataKey; until: number }>();

  /** `db`: where the keys are (the events' database, or on KurrentDB one of their own). `masters[0]` wraps new keys; the others open keys wrapped before a rotation. */
  constructor(readonly db: SqlDatabase, private readonly masters: readonly MasterKey[], private readonly now: () => number = Date.now) {
    if (masters.length === 0) throw new Error('personal data needs a master key');
  }

  cached(subject: string): DataKey | undefined {
    const cached = this.cache.get(subject);
    return cached && (cached.key === 'forgotten' || cached.until > this.now()) ? cached.key : undefined;
  }

  async dataKey(subject: string, create: boolean, via: SqlExecutor = this.db): Promise<DataKey | null> {
    const cached = this.cached(subject);
    if (cached !== undefined) return cached;
    let row = await this.read(subject, via);
    if (!row && create) {
      const master = this.masters[0]!;
      const wrapped = wrapDataKey(master, subject, newDataKey()).toString('base64');
      await via.query('INSERT INTO personal_data_keys (subject_id, master_key_id, wrapped_key) VALUES ($1, $2, $3) ON CONFLICT (subject_id) DO NOTHING', [subject, master.id, wrapped]);
      row = await this.read(subject, via);
    }
    if (!row) return null;
    const key = this.unwrap(subject, row);
    this.remember(subject, key);
    return key;
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
    return rows.length > 0;
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
    const rows = await this.db.query<KeyRow & { subject_id: string }>('SELECT subject_id, master_key_id, wrapped_key FROM personal_data_keys WHERE wrapped_key IS NOT NULL AND master_key_id <> $1', [current.id]);
    for (const row of rows) {
      const key = this.unwrap(row.subject_id, row);
      if (key === 'forgotten') continue;
      await this.db.query('UPDATE personal_data_keys SET master_key_id = $2, wrapped_key = $3 WHERE subject_id = $1 AND master_key_id = $4', [row.subject_id, current.id, wrapDataKey(current, row.subject_id, key).toString('base64'), row.master_key_id]);
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
    if (!master) throw new Error(`the personal data key of ${subject} is wrapped by master key ${row.master_key_id ?? '?'}, which is not configured`);
    return unwrapDataKey(master, subject, Buffer.from(row.wrapped_key, 'base64'));
  }

  private remember(subject: string, key: DataKey): void {
    this.cache.delete(subject);
    if (this.cache.size >= KEY_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(subject, { key, until: this.now() + KEY_CACHE_MS });
  }
}

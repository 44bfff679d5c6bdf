// `npm run store -- keys-backup <file>` and `keys-restore <file>`: the persons' data keys (wrapped by the
// master key, so the file is no use without it) backed up apart from the events. An events
// backup restored after an erasure cannot show the erased person: their key is not in a key backup made
// after the erasure, and `restore` forgets again everyone the log says was forgotten.
// The file is gzip'd JSON lines, one key per line: {subject_id, master_key_id, wrapped_key, created_at, forgotten_at}.

import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { SqlDatabase } from '@binaan/event-store';

type KeyLine = {
  subject_id: string;
  master_key_id: string | null;
  wrapped_key: string | null;
  created_at: string;
  forgotten_at: string | null;
};
const PAGE = 5000;

export async function backupKeys(db: SqlDatabase, file: string): Promise<number> {
  let count = 0;
  async function* lines(): AsyncGenerator<string> {
    for (let after = ''; ;) {
      const rows = await db.query<KeyLine>(
        `SELECT subject_id, master_key_id, wrapped_key, created_at::text AS created_at, forgotten_at::text AS forgotten_at
         FROM personal_data_keys WHERE subject_id > $1 ORDER BY subject_id LIMIT ${PAGE}`,
        [after],
      );
      for (const row of rows) yield `${JSON.stringify(row)}\n`;
      count += rows.length;
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.subject_id;
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file, { mode: 0o600 }));
  return count;
}

/** Adds the file's keys; a key forgotten here or in the file stays forgotten. */
export async function restoreKeys(db: SqlDatabase, file: string): Promise<number> {
  let count = 0;
  const input = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const text of input) {
    if (!text.trim()) continue;
    const line = JSON.parse(text) as KeyLine;
    await db.query(
      `INSERT INTO personal_data_keys (subject_id, master_key_id, wrapped_key, created_at, forgotten_at) VALUES ($1, $2, $3, $4::timestamptz, $5::timestamptz)
       ON CONFLICT (subject_id) DO UPDATE SET master_key_id = NULL, wrapped_key = NULL, forgotten_at = excluded.forgotten_at
       WHERE excluded.wrapped_key IS NULL AND personal_data_keys.wrapped_key IS NOT NULL`,
      [line.subject_id, line.master_key_id, line.wrapped_key, line.created_at, line.forgotten_at],
    );
    count++;
  }
  return count;
}

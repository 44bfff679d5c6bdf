// `npm run store -- backup <file>` and `restore <file>`: a logical backup of a SQL store (PGlite or
// PostgreSQL) that restores into either. The file is gzip'd JSON lines:
//   {"backup": {format, version, createdAt, store, lastPosition}}      the header
//   {"s": {...}}                                                      one line per stream head
//   {"e": {...}}                                                      one line per event, in log order
//   {"c": {...}}                                                      one line per subscription checkpoint
//   {"end": {streams, events, checkpoints, sha256}}                   counts and a digest of every line before
// Events keep everything their hash covers (data and metadata as the stored JSON text, recordedAt,
// prevHash, hash) and their global position, so a restored store verifies and reads the same. Read models
// are not in the file: they are rebuilt from the log. Checkpoints are (a reactor such as the notifications
// one would otherwise run again over the whole log and append its work twice).
// A backup reads one snapshot (PostgreSQL: REPEATABLE READ), so it can run beside a live API; PGlite's
// folder takes one process, so there the API is stopped first. A restore goes into an empty store, in one
// transaction: a file that is cut short, altered or of another format changes nothing, and every event's
// hash and link is checked before the transaction commits (a file whose digest was recomputed after an
// edit is still refused).

import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { GENESIS_HASH, hashEvent, type EventMetadata, type JsonValue, type SqlDatabase, type SqlExecutor } from '@binaan/event-store';

export const BACKUP_FORMAT = 'binaan-store-backup';
export const BACKUP_VERSION = 1;
const PAGE = 2_000;

type StreamLine = { stream_id: string; stream_type: string; revision: string; last_hash: string; created_at: string; updated_at: string };
type EventLine = {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_type: string;
  revision: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
  prev_hash: string;
  hash: string;
};
type CheckpointLine = { name: string; position: string; updated_at: string };
export type BackupSummary = { streams: number; events: number; checkpoints: number; lastPosition: string };

/** A refusal the CLI reports in one line with exit 2 (not a crash). */
export class BackupRefused extends Error {}

const STREAM_COLUMNS = `stream_id, stream_type, revision::text AS revision, last_hash, to_json(created_at)#>>'{}' AS created_at, to_json(updated_at)#>>'{}' AS updated_at`;
const EVENT_COLUMNS = `global_position::text AS global_position, event_id::text AS event_id, stream_id, stream_type, revision::text AS revision, type, data::text AS data, metadata::text AS metadata, to_json(recorded_at)#>>'{}' AS recorded_at, prev_hash, hash`;

/** Writes the store's log to `file` (through a temporary file, renamed when complete). */
export async function backupStore(
  db: SqlDatabase,
  file: string,
  onProgress: (events: number) => void = () => undefined,
): Promise<BackupSummary> {
  const temporary = `${file}.partial`;
  const digest = createHash('sha256');
  const counts = { streams: 0, events: 0, checkpoints: 0 };
  try {
    const summary = await db.maintenance(async (tx) => {
      // One snapshot for the whole read: streams, events and checkpoints agree with each other.
      if (db.kind === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const [head] = await tx.query<{ last: string | null }>('SELECT max(global_position)::text AS last FROM events');
      const lastPosition = head?.last ?? '0';
      async function* lines(): AsyncGenerator<string> {
        const emit = (line: object) => {
          const text = `${JSON.stringify(line)}\n`;
          digest.update(text);
          return text;
        };
        yield emit({
          backup: { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), store: db.kind, lastPosition },
        });
        for (let after = ''; ;) {
          const rows = await tx.query<StreamLine>(
            `SELECT ${STREAM_COLUMNS} FROM streams WHERE stream_id > $1 ORDER BY stream_id LIMIT ${PAGE}`,
            [after],
          );
          for (const row of rows) yield emit({ s: row });
          counts.streams += rows.length;
          if (rows.length < PAGE) break;
          after = rows[rows.length - 1]!.stream_id;
        }
        for (let after = '0'; ;) {
          const rows = await tx.query<EventLine>(
            `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1::bigint ORDER BY global_position LIMIT ${PAGE}`,
            [after],
          );
          for (const row of rows) yield emit({ e: row });
          counts.events += rows.length;
          onProgress(counts.events);
          if (rows.length < PAGE) break;
          after = rows[rows.length - 1]!.global_position;
        }
        const checkpoints = await tx.query<CheckpointLine>(
          `SELECT name, position::text AS position, to_json(updated_at)#>>'{}' AS updated_at FROM subscription_checkpoints ORDER BY name`,
        );
        for (const row of checkpoints) yield emit({ c: row });
        counts.checkpoints = checkpoints.length;
        yield `${JSON.stringify({ end: { ...counts, sha256: digest.digest('hex') } })}\n`;
      }
      await pipeline(Readable.from(lines()), createGzip(), createWriteStream(temporary));
      return { ...counts, lastPosition };
    });
    renameSync(temporary, file);
    return summary;
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Reads `file` into an empty store, in one transaction; throws BackupRefused (and changes nothing) when it cannot. */
export async function restoreStore(
  db: SqlDatabase,
  file: string,
  onProgress: (events: number) => void = () => undefined,
): Promise<BackupSummary> {
  const [any] = await db.query<{ one: number }>('SELECT 1 AS one FROM events LIMIT 1');
  if (any)
    throw new BackupRefused('the store is not empty: restore into an empty store (a new DATA_DIR folder, or an empty database or schema)');
  return db.maintenance(async (tx) => {
    const digest = createHash('sha256');
    const counts = { streams: 0, events: 0, checkpoints: 0 };
    let header: { lastPosition: string } | null = null;
    let end: (BackupSummary & { sha256: string }) | null = null;
    const batches = { s: [] as StreamLine[], e: [] as EventLine[], c: [] as CheckpointLine[] };
    const chains = new ChainFollower();
    const input = createReadStream(file).pipe(createGunzip());
    const reading = once(input, 'end').catch((error: unknown) => {
      throw new BackupRefused(`the file is not a readable backup (${error instanceof Error ? error.message : String(error)})`);
    });
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const text of lines) {
        if (end) throw new BackupRefused('the file goes on after its end line');
        let line: Record<string, unknown>;
        try {
          line = JSON.parse(text) as Record<string, unknown>;
        } catch {
          throw new BackupRefused(`line ${counts.streams + counts.events + counts.checkpoints + 2} is not JSON`);
        }
        if (line.end) {
          end = line.end as BackupSummary & { sha256: string };
          continue;
        }
        digest.update(`${text}\n`);
        if (!header) {
          const backup = line.backup as { format?: string; version?: number; lastPosition?: string } | undefined;
          if (backup?.format !== BACKUP_FORMAT || backup.version !== BACKUP_VERSION)
            throw new BackupRefused(`not a ${BACKUP_FORMAT} version ${BACKUP_VERSION} file`);
          header = { lastPosition: String(backup.lastPosition ?? '0') };
        } else if (line.s) {
          chains.head(line.s as StreamLine);
          batches.s.push(line.s as StreamLine);
          if (batches.s.length >= PAGE) counts.streams += await insertStreams(tx, batches.s.splice(0));
        } else if (line.e) {
          chains.follow(line.e as EventLine);
          batches.e.push(line.e as EventLine);
          if (batches.e.length >= PAGE) {
            counts.events += await insertEvents(tx, batches.e.splice(0));
            onProgress(counts.events);
          }
        } else if (line.c) {
          batches.c.push(line.c as CheckpointLine);
        } else {
          throw new BackupRefused('a line of an unknown kind');
        }
      }
      await reading;
    } catch (error) {
      input.destroy();
      if (error instanceof BackupRefused) throw error;
      throw new BackupRefused(`the file is not a readable backup (${error instanceof Error ? error.message : String(error)})`);
    }
    counts.streams += await insertStreams(tx, batches.s);
    counts.events += await insertEvents(tx, batches.e);
    counts.checkpoints += await insertCheckpoints(tx, batches.c);
    if (!header || !end) throw new BackupRefused('the file is cut short: it has no end line');
    chains.checkHeads();
    if (
      end.sha256 !== digest.digest('hex') ||
      end.events !== counts.events ||
      end.streams !== counts.streams ||
      end.checkpoints !== counts.checkpoints
    ) {
      throw new BackupRefused('the file does not match its end line (altered or cut short)');
    }
    // The next append continues after the restored log.
    await tx.query(`SELECT setval(pg_get_serial_sequence('events', 'global_position'), GREATEST($1::bigint, 1), $1::bigint > 0)`, [
      header.lastPosition,
    ]);
    onProgress(counts.events);
    return { ...counts, lastPosition: header.lastPosition };
  });
}

async function insertStreams(tx: SqlExecutor, rows: StreamLine[]): Promise<number> {
  if (rows.length === 0) return 0;
  await tx.query(
    `INSERT INTO streams (stream_id, stream_type, revision, last_hash, created_at, updated_at)
     SELECT stream_id, stream_type, revision::bigint, last_hash, created_at::timestamptz, updated_at::timestamptz
     FROM json_to_recordset($1::json) AS r(stream_id text, stream_type text, revision text, last_hash text, created_at text, updated_at text)`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}

async function insertEvents(tx: SqlExecutor, rows: EventLine[]): Promise<number> {
  if (rows.length === 0) return 0;
  // data and metadata go back as the very text that was hashed (json keeps its input text as is).
  await tx.query(
    `INSERT INTO events (global_position, event_id, stream_id, stream_type, revision, type, data, metadata, recorded_at, prev_hash, hash)
     OVERRIDING SYSTEM VALUE
     SELECT global_position::bigint, event_id::uuid, stream_id, stream_type, revision::bigint, type, data::json, metadata::json, recorded_at::timestamptz, prev_hash, hash
     FROM json_to_recordset($1::json) AS r(global_position text, event_id text, stream_id text, stream_type text, revision text, type text, data text, metadata text, recorded_at text, prev_hash text, hash text)
     ORDER BY global_position::bigint`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}

async function insertCheckpoints(tx: SqlExecutor, rows: CheckpointLine[]): Promise<number> {
  if (rows.length === 0) return 0;
  await tx.query(
    `INSERT INTO subscription_checkpoints (name, position, updated_at)
     SELECT name, position::bigint, updated_at::timestamptz FROM json_to_recordset($1::json) AS r(name text, position text, updated_at text)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}

/**
 * Checks each event's hash and its link to the one before, as the lines go by, and the heads at the end.
 * The log is in position order, which is not always revision order within a stream (positions are handed
 * out before commit), so an event that comes before its predecessor waits for it.
 */
class ChainFollower {
  private readonly tips = new Map<string, { revision: number; hash: string }>();
  private readonly waiting = new Map<string, Map<number, EventLine>>();
  private readonly heads = new Map<string, { revision: number; hash: string }>();

  head(stream: StreamLine): void {
    this.heads.set(stream.stream_id, { revision: Number(stream.revision), hash: stream.last_hash });
  }

  follow(event: EventLine): void {
    const next = (this.tips.get(event.stream_id)?.revision ?? -1) + 1;
    const revision = Number(event.revision);
    if (revision < next) throw new BackupRefused(`${event.stream_id} revision ${revision}: it comes twice`);
    if (revision > next) {
      const waiting = this.waiting.get(event.stream_id) ?? new Map<number, EventLine>();
      if (waiting.has(revision)) throw new BackupRefused(`${event.stream_id} revision ${revision}: it comes twice`);
      this.waiting.set(event.stream_id, waiting.set(revision, event));
      return;
    }
    this.check(event);
    const waiting = this.waiting.get(event.stream_id);
    for (let after = waiting?.get(revision + 1); after; after = waiting?.get(Number(after.revision) + 1)) {
      waiting!.delete(Number(after.revision));
      this.check(after);
    }
    if (waiting?.size === 0) this.waiting.delete(event.stream_id);
  }

  checkHeads(): void {
    for (const [streamId, waiting] of this.waiting) {
      throw new BackupRefused(`${streamId} revision ${Math.min(...waiting.keys())}: a revision is missing before it`);
    }
    if (this.heads.size !== this.tips.size) throw new BackupRefused('the stream heads and the events name different streams');
    for (const [streamId, head] of this.heads) {
      const tip = this.tips.get(streamId);
      if (!tip || tip.revision !== head.revision || tip.hash !== head.hash)
        throw new BackupRefused(`${streamId}: its head does not match its last event`);
    }
  }

  private check(event: EventLine): void {
    const tip = this.tips.get(event.stream_id);
    const revision = Number(event.revision);
    const refuse = (why: string) => new BackupRefused(`${event.stream_id} revision ${revision}: ${why}`);
    if (event.prev_hash !== (tip?.hash ?? GENESIS_HASH)) throw refuse('it does not link to the hash of the event before it');
    const hash = hashEvent({
      id: event.event_id,
      streamId: event.stream_id,
      streamType: event.stream_type,
      revision,
      type: event.type,
      data: JSON.parse(event.data) as JsonValue,
      // The hash covers recordedAt inside the metadata (the store keeps it in its own column), in ms.
      metadata: { ...(JSON.parse(event.metadata) as EventMetadata), recordedAt: new Date(event.recorded_at).toISOString() },
      prevHash: event.prev_hash,
    });
    if (hash !== event.hash) throw refuse('its content does not match its hash');
    this.tips.set(event.stream_id, { revision, hash });
  }
}

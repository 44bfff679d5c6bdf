// Row versions of a stream, for readers that check its hash chain often (a document's history): each
// event row's version is PostgreSQL's xmin, the transaction that wrote this version of the row. Any
// write to a row through SQL (an UPDATE with the append-only trigger switched off, a DELETE and
// re-INSERT) makes a new version with a new xmin, so a row seen before in the same version holds the
// same bytes it held then. ChainCheckCache re-hashes only rows it has not verified in their current
// version; the chain links, revisions and head are checked on every call. It trusts PostgreSQL to be
// the only writer of its files: a change made to the data files behind its back keeps the xmin, and
// only a full verifyStream (GET /api/audit/verify, or a new process) would see it.

import { createHash } from 'node:crypto';
import { verifyChain } from '../hash-chain.js';
import type { ChainVerification, StoredEvent } from '../types.js';
import { toStoredEvent } from './row-mapping.js';
import type { SqlExecutor } from './sql-database.js';
import { EVENT_JSON } from './statements.js';

export type StreamHeadRow = { revision: number; hash: string };

export type VersionedStream = {
  events: StoredEvent[];
  /** versions[i]: the row version of events[i] (xmin as text). */
  versions: string[];
  head: StreamHeadRow | null;
  /** Equal to streamFingerprint's for the same rows and head. */
  fingerprint: string | null;
};

// The head first (revision -1), then the events: one statement, so one snapshot.
const READ_VERSIONED = `
  SELECT -1::bigint AS r, concat(revision, ':', last_hash) AS e, NULL AS v FROM streams WHERE stream_id = $1
  UNION ALL
  SELECT revision, ${EVENT_JSON}, xmin::text FROM events WHERE stream_id = $1
  ORDER BY r`;

const FINGERPRINT = `
  SELECT revision, last_hash,
    (SELECT string_agg(revision::text || ':' || xmin::text, ',' ORDER BY revision) FROM events WHERE stream_id = $1) AS versions
  FROM streams WHERE stream_id = $1`;

const PREPARED = { prepare: true } as const;

const fingerprintOf = (head: StreamHeadRow, pairs: string) =>
  `${head.revision}:${head.hash}:${createHash('sha256').update(pairs).digest('base64')}`;

/**
 * A short text that changes whenever the stream's events or head are written in any way (an append, or a
 * row changed in place): the head and every row's (revision, version). Null when there is no stream.
 */
export async function streamFingerprint(db: SqlExecutor, streamId: string): Promise<string | null> {
  const [row] = await db.query<{ revision: string | number; last_hash: string; versions: string | null }>(
    FINGERPRINT,
    [streamId],
    PREPARED,
  );
  return row ? fingerprintOf({ revision: Number(row.revision), hash: row.last_hash }, row.versions ?? '') : null;
}

/** The whole stream with each row's version and the head, as of one snapshot. */
export async function readStreamVersioned(db: SqlExecutor, streamId: string): Promise<VersionedStream> {
  const rows = await db.query<{ r: string | number; e: string; v: string | null }>(READ_VERSIONED, [streamId], PREPARED);
  let head: StreamHeadRow | null = null;
  const events: StoredEvent[] = [];
  const versions: string[] = [];
  for (const row of rows) {
    if (row.v === null) {
      const colon = row.e.indexOf(':');
      head = { revision: Number(row.e.slice(0, colon)), hash: row.e.slice(colon + 1) };
      continue;
    }
    events.push(toStoredEvent({ e: row.e }));
    versions.push(row.v);
  }
  const pairs = events.map((event, index) => `${event.revision}:${versions[index]}`).join(',');
  return { events, versions, head, fingerprint: head ? fingerprintOf(head, pairs) : null };
}

export type CachedChainVerification = ChainVerification & { rehashed: number };

/** Per stream (least recently used out first), the versions of the rows whose hash was recomputed and matched. */
export class ChainCheckCache {
  private readonly verified = new Map<string, string[]>();

  constructor(private readonly capacity = 1000) {}

  verify(streamId: string, stream: Pick<VersionedStream, 'events' | 'versions' | 'head'>): CachedChainVerification {
    const known = this.verified.get(streamId) ?? [];
    this.verified.delete(streamId);
    let rehashed = 0;
    const result = verifyChain(streamId, stream.events, stream.head, (_event, index) => {
      if (known[index] !== undefined && known[index] === stream.versions[index]) return true;
      rehashed++;
      return false;
    });
    // Rows before the first bad one passed (hashed now or in this very version before).
    const good = result.ok ? stream.events.length : (result.firstBadRevision ?? 0);
    this.verified.set(streamId, stream.versions.slice(0, Math.min(good, stream.events.length)));
    if (this.verified.size > this.capacity) this.verified.delete(this.verified.keys().next().value!);
    return { ...result, rehashed };
  }
}

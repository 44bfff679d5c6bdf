// Reads of the transparency log's read tables (transparency-log.projection.ts).
import type { SqlExecutor } from '@binaan/event-store';
import { iso } from '../common/iso.js';

export type Checkpoint = {
  treeSize: number;
  /** Hex. */
  rootHash: string;
  origin: string;
  signedAt: string;
  kid: string;
  /** The signed note (checkpoint-note.ts), byte for byte. */
  note: string;
  /** The LogCheckpointSigned event that records it, and its revision in the logCheckpoint stream. */
  eventId: string;
  revision: number;
};

export type PublishedLogKey = {
  kid: string;
  publicKey: string;
  keyName: string;
  noteKeyId: string;
  notBefore: string;
  notAfter: string | null;
};

type CheckpointRow = {
  tree_size: string | number;
  root_hash: string;
  origin: string;
  signed_at: Date | string;
  kid: string;
  note: string;
  event_id: string;
  revision: string | number;
};

const COLUMNS = 'tree_size, root_hash, origin, signed_at, kid, note, event_id, revision';

const checkpointOf = (row: CheckpointRow): Checkpoint => ({
  treeSize: Number(row.tree_size),
  rootHash: row.root_hash,
  origin: row.origin,
  signedAt: iso(row.signed_at),
  kid: row.kid,
  note: row.note,
  eventId: row.event_id,
  revision: Number(row.revision),
});

export async function latestCheckpoint(db: SqlExecutor): Promise<Checkpoint | null> {
  const [row] = await db.query<CheckpointRow>(`SELECT ${COLUMNS} FROM log_checkpoints ORDER BY tree_size DESC LIMIT 1`);
  return row ? checkpointOf(row) : null;
}

export async function checkpointOfSize(db: SqlExecutor, treeSize: number): Promise<Checkpoint | null> {
  const [row] = await db.query<CheckpointRow>(`SELECT ${COLUMNS} FROM log_checkpoints WHERE tree_size = $1`, [treeSize]);
  return row ? checkpointOf(row) : null;
}

/** Checkpoints by tree size, after `after` (keyset). */
export async function checkpointsAfter(db: SqlExecutor, after: number, limit: number): Promise<Checkpoint[]> {
  const rows = await db.query<CheckpointRow>(`SELECT ${COLUMNS} FROM log_checkpoints WHERE tree_size > $1 ORDER BY tree_size LIMIT $2`, [
    after,
    limit,
  ]);
  return rows.map(checkpointOf);
}

/** Every log key with its validity: from its first signature until the next key's. */
export async function publishedLogKeys(db: SqlExecutor): Promise<PublishedLogKey[]> {
  const rows = await db.query<{ kid: string; public_key: string; key_name: string; note_key_id: string; not_before: Date | string }>(
    'SELECT kid, public_key, key_name, note_key_id, not_before FROM log_keys ORDER BY not_before, kid',
  );
  return rows.map((row, i) => ({
    kid: row.kid,
    publicKey: row.public_key,
    keyName: row.key_name,
    noteKeyId: row.note_key_id,
    notBefore: iso(row.not_before),
    notAfter: rows[i + 1] ? iso(rows[i + 1]!.not_before) : null,
  }));
}

// `npm run store -- verify`'s check of the transparency log: every signed checkpoint's signature with the
// recorded log keys (in force at its signing time), its root against the tree recomputed from the events'
// hashes as stored now (leaf i from the event the tree took as leaf i), and its consistency with the
// checkpoint before it. An event whose stored hash is no longer the one the tree took, or that is gone, is
// named. The chains themselves (each hash against its event's content) are checked by verify before this.
import { EMPTY_ROOT, leafHashOfEvent, nodeHash, SqlMerkleLog, verifyConsistency, type Hash, type SqlDatabase } from '@binaan/event-store';
import { verifyNote, parseCheckpointNote } from './checkpoint-note.js';
import { checkpointsAfter, publishedLogKeys, type Checkpoint } from './log-reads.js';

export type CheckpointVerification = { checked: number; problems: string[] };

const PAGE = 10_000;

/** The root of the leaves so far, kept as the right edge of perfect subtrees (no whole tree in memory). */
class Frontier {
  private readonly stack: { level: number; hash: Hash }[] = [];
  size = 0;

  push(leaf: Hash): void {
    let node = { level: 0, hash: leaf };
    while (this.stack.length && this.stack[this.stack.length - 1]!.level === node.level) {
      const left = this.stack.pop()!;
      node = { level: node.level + 1, hash: nodeHash(left.hash, node.hash) };
    }
    this.stack.push(node);
    this.size++;
  }

  root(): Hash {
    if (this.stack.length === 0) return EMPTY_ROOT;
    let hash = this.stack[this.stack.length - 1]!.hash;
    for (let i = this.stack.length - 2; i >= 0; i--) hash = nodeHash(this.stack[i]!.hash, hash);
    return hash;
  }
}

async function allCheckpoints(db: SqlDatabase): Promise<Checkpoint[]> {
  const all: Checkpoint[] = [];
  for (let after = 0; ;) {
    const page = await checkpointsAfter(db, after, 500);
    all.push(...page);
    if (page.length < 500) return all;
    after = page[page.length - 1]!.treeSize;
  }
}

export async function verifyCheckpoints(db: SqlDatabase, log: (line: string) => void): Promise<CheckpointVerification> {
  const problems: string[] = [];
  const checkpoints = await allCheckpoints(db);
  const keys = await publishedLogKeys(db);
  const tree = new SqlMerkleLog(db, () => Promise.reject(new Error('verify reads the tree only')));
  const frontier = new Frontier();
  let previous: { checkpoint: Checkpoint; root: Hash } | null = null;
  let leafIndex = 0;
  for (const checkpoint of checkpoints) {
    // The leaves up to this checkpoint, from the events as stored now.
    while (frontier.size < checkpoint.treeSize) {
      const rows = await db.query<{
        leaf_index: string | number;
        event_id: string;
        event_hash: string;
        hash: string | null;
        stream_id: string | null;
        revision: string | number | null;
      }>(
        `SELECT l.leaf_index, l.event_id, l.event_hash, e.hash, e.stream_id, e.revision
         FROM log_tree_leaves l LEFT JOIN events e ON e.global_position = l.global_position
         WHERE l.leaf_index >= $1 AND l.leaf_index < $2 ORDER BY l.leaf_index`,
        [leafIndex, Math.min(leafIndex + PAGE, checkpoint.treeSize)],
      );
      if (rows.length === 0) {
        problems.push(`checkpoint ${checkpoint.treeSize}: the tree holds only ${frontier.size} leaves`);
        break;
      }
      for (const row of rows) {
        if (Number(row.leaf_index) !== frontier.size) {
          problems.push(`leaf ${frontier.size} is missing from the tree`);
          return { checked: checkpoints.length, problems };
        }
        if (row.hash === null) problems.push(`event ${row.event_id} (leaf ${row.leaf_index}) is gone from the log`);
        else if (row.hash !== row.event_hash)
          problems.push(
            `event ${row.event_id} (${row.stream_id} revision ${row.revision}, leaf ${row.leaf_index}) was changed after a checkpoint took it: its hash is not the one signed`,
          );
        frontier.push(leafHashOfEvent(row.hash ?? row.event_hash));
      }
      leafIndex = frontier.size;
    }
    const root = frontier.root();
    const line: string[] = [];
    const parsed = parseCheckpointNote(checkpoint.note);
    const key = keys.find((k) => k.kid === checkpoint.kid);
    const signedAt = Date.parse(checkpoint.signedAt);
    if (!key) line.push(`signed by an unrecorded key ${checkpoint.kid}`);
    else {
      if (!verifyNote(checkpoint.note, key.keyName, key.publicKey)) line.push(`its signature does not verify with ${key.kid}`);
      if (signedAt < Date.parse(key.notBefore) || (key.notAfter !== null && signedAt > Date.parse(key.notAfter)))
        line.push(`signed outside the validity of ${key.kid}`);
    }
    if (!parsed || parsed.treeSize !== checkpoint.treeSize || parsed.rootHash.toString('hex') !== checkpoint.rootHash)
      line.push('its note does not say its tree size and root');
    if (root.toString('hex') !== checkpoint.rootHash) line.push('its root is not the root of the events as stored');
    if (previous) {
      const proof = await tree.consistencyProof(previous.checkpoint.treeSize, checkpoint.treeSize).catch(() => null);
      const fromRoot = Buffer.from(previous.checkpoint.rootHash, 'hex');
      if (
        !proof ||
        !verifyConsistency(previous.checkpoint.treeSize, checkpoint.treeSize, proof, fromRoot, Buffer.from(checkpoint.rootHash, 'hex'))
      )
        line.push(`it is not consistent with checkpoint ${previous.checkpoint.treeSize}`);
    }
    const head = `checkpoint ${checkpoint.treeSize} ${checkpoint.rootHash.slice(0, 16)}… signed ${checkpoint.signedAt} by ${checkpoint.kid}`;
    if (line.length === 0) log(`${head}: ok`);
    else {
      log(`BROKEN ${head}: ${line.join('; ')}`);
      problems.push(`checkpoint ${checkpoint.treeSize}: ${line.join('; ')}`);
    }
    previous = { checkpoint, root };
  }
  return { checked: checkpoints.length, problems };
}

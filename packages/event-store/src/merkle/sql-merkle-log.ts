// The transparency log's tree in SQL (PGlite and PostgreSQL: infra/migrations/0006_transparency_log.sql).
//
// Growing: `grow` reads the next page of the committed log in readAll's order and horizon (sqlLeafReader:
// only events every earlier one of which is committed or never will be: on PostgreSQL readAll stops below the
// oldest writer still running, sql/statements.ts; only position, id and hash are read), then, in one transaction that locks the tree's state row, appends the page's events
// as leaves and stores the perfect subtrees they complete. The state row holds the tree's size and the log
// position it has read to, so two processes growing at once serialise on it and the second finds its page
// taken. Nothing of this runs in an append.
//
// Proving: a proof names the perfect subtrees it folds (merkle.ts) and fetches them in one indexed query;
// finding an event's leaf is one more.

import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';
import { LEAF_HORIZON, LEAF_PAGE, LEAF_PAGE_SERIAL } from '../sql/statements.js';
import {
  EMPTY_ROOT,
  leafHashOfEvent,
  nodeHash,
  perfectParts,
  inclusionRanges,
  rootOf,
  inclusionProof,
  consistencyProof,
  type Hash,
  type NodeId,
  type NodeSource,
} from './merkle.js';

export type LeafRecord = { leafIndex: number; globalPosition: number; eventId: string; eventHash: string };

type LeafRow = { leaf_index: string | number; global_position: string | number; event_id: string; event_hash: string };

const leafOf = (row: LeafRow): LeafRecord => ({
  leafIndex: Number(row.leaf_index),
  globalPosition: Number(row.global_position),
  eventId: row.event_id,
  eventHash: row.event_hash,
});
export type TreeState = { treeSize: number; afterPosition: number };
/** `raced`: another process took the page first (its leaves are in the tree; read on from there). */
export type GrowResult = TreeState & { added: number; raced?: boolean };

/** A page of the committed log as the tree takes it: readAll's order and horizon (readAll itself is one). */
export type LeafPageReader = (options: { after: number; limit: number }) => Promise<{
  events: readonly { id: string; hash: string; globalPosition: number }[];
  nextAfter: number;
}>;

/**
 * The SQL store's log read for the tree alone: readAll's statements with only position, id and hash (no
 * event data parsed or personal data opened). On PostgreSQL the horizon is read first, as readAll does.
 */
export function sqlLeafReader(db: SqlDatabase): LeafPageReader {
  return async ({ after, limit }) => {
    let rows: { global_position: string | number; event_id: string; hash: string }[];
    if (db.kind === 'pglite') rows = await db.query(LEAF_PAGE_SERIAL, [after, limit]);
    else {
      const [horizon] = await db.query<{ horizon: string }>(LEAF_HORIZON);
      rows = await db.query(LEAF_PAGE, [after, limit, horizon!.horizon]);
    }
    const events = rows.map((row) => ({ id: row.event_id, hash: row.hash, globalPosition: Number(row.global_position) }));
    return { events, nextAfter: events.length ? events[events.length - 1]!.globalPosition : after };
  };
}

/** The proofs' fixed statements are kept prepared on each connection (planned once). */
const PREPARED = { prepare: true } as const;

const FETCH_NODES = `
  SELECT encode(n.hash, 'hex') AS hash FROM unnest($1::int[], $2::bigint[]) WITH ORDINALITY AS q(level, node_index, ord)
  LEFT JOIN log_tree_nodes n ON n.level = q.level AND n.node_index = q.node_index
  ORDER BY q.ord`;

/** Perfect subtrees read from a table (in or out of a transaction). */
export class SqlNodeSource implements NodeSource {
  constructor(private readonly db: SqlExecutor) {}

  async nodes(ids: readonly NodeId[]): Promise<Hash[]> {
    const rows = await this.db.query<{ hash: string | null }>(
      FETCH_NODES,
      [ids.map((id) => id.level), ids.map((id) => id.index)],
      PREPARED,
    );
    return rows.map((row, i) => {
      if (row.hash === null || row.hash === undefined)
        throw new RangeError(`the tree has no node at level ${ids[i]!.level}, index ${ids[i]!.index}`);
      return Buffer.from(row.hash, 'hex');
    });
  }
}

export class SqlMerkleLog {
  readonly source: SqlNodeSource;

  constructor(
    private readonly db: SqlDatabase,
    private readonly readPage: LeafPageReader = sqlLeafReader(db),
  ) {
    this.source = new SqlNodeSource(db);
  }

  async state(executor: SqlExecutor = this.db): Promise<TreeState> {
    const [row] = await executor.query<{ tree_size: string | number; after_position: string | number }>(
      'SELECT tree_size, after_position FROM log_tree_state',
    );
    return { treeSize: Number(row?.tree_size ?? 0), afterPosition: Number(row?.after_position ?? 0) };
  }

  /** Takes the next page of the committed log (up to `limit` events) into the tree. */
  async grow(limit = 1000): Promise<GrowResult> {
    const before = await this.state();
    const page = await this.readPage({ after: before.afterPosition, limit });
    if (page.events.length === 0) return { ...before, added: 0 };
    return this.db.transaction(async (tx) => {
      const now = await tx.query<{ tree_size: string | number; after_position: string | number }>(
        'SELECT tree_size, after_position FROM log_tree_state FOR UPDATE',
      );
      const state = { treeSize: Number(now[0]!.tree_size), afterPosition: Number(now[0]!.after_position) };
      // Another process took this page meanwhile: nothing to do here.
      if (state.afterPosition !== before.afterPosition || state.treeSize !== before.treeSize) return { ...state, added: 0, raced: true };
      const leaves = page.events.map((event, i) => ({
        leafIndex: state.treeSize + i,
        globalPosition: event.globalPosition,
        eventId: event.id,
        eventHash: event.hash,
      }));
      await this.append(tx, state.treeSize, leaves);
      const next = { treeSize: state.treeSize + leaves.length, afterPosition: page.nextAfter };
      await tx.query('UPDATE log_tree_state SET tree_size = $1, after_position = $2', [next.treeSize, next.afterPosition]);
      return { ...next, added: leaves.length };
    });
  }

  /** Grows until the committed log is all in the tree. */
  async catchUp(pageSize = 1000): Promise<TreeState> {
    for (;;) {
      const step = await this.grow(pageSize);
      // A page another process took is not the end of the log: only an empty page is.
      if (step.added === 0 && !step.raced) return { treeSize: step.treeSize, afterPosition: step.afterPosition };
    }
  }

  /**
   * Stores leaves from `treeSize` on (the tree's size before them) and the perfect subtrees they complete.
   * Public for bulk loads (the bench); `grow` is the way in otherwise.
   */
  async append(tx: SqlExecutor, treeSize: number, leaves: readonly LeafRecord[]): Promise<void> {
    // The right edge before the new leaves: one perfect subtree per bit of the size, left to right.
    const frontierIds = treeSize > 0 ? perfectParts({ start: 0, end: treeSize }) : [];
    const frontierHashes = frontierIds.length ? await new SqlNodeSource(tx).nodes(frontierIds) : [];
    // stack[level] = the hash of the incomplete subtree's left part at that level, if any.
    const stack = new Map<number, Hash>();
    frontierIds.forEach((id, i) => stack.set(id.level, frontierHashes[i]!));
    const levels: number[] = [];
    const indexes: number[] = [];
    const hashes: Buffer[] = [];
    for (const leaf of leaves) {
      let hash = leafHashOfEvent(leaf.eventHash);
      let level = 0;
      let index = leaf.leafIndex;
      levels.push(0);
      indexes.push(index);
      hashes.push(hash);
      while (index % 2 === 1) {
        const left = stack.get(level)!;
        stack.delete(level);
        hash = nodeHash(left, hash);
        level++;
        index = (index - 1) / 2;
        levels.push(level);
        indexes.push(index);
        hashes.push(hash);
      }
      stack.set(level, hash);
    }
    await tx.query(
      `INSERT INTO log_tree_leaves (leaf_index, global_position, event_id, event_hash)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::uuid[], $4::text[])`,
      [leaves.map((l) => l.leafIndex), leaves.map((l) => l.globalPosition), leaves.map((l) => l.eventId), leaves.map((l) => l.eventHash)],
    );
    await tx.query(
      `INSERT INTO log_tree_nodes (level, node_index, hash) SELECT l, i, decode(h, 'hex') FROM unnest($1::smallint[], $2::bigint[], $3::text[]) AS u(l, i, h)`,
      [levels, indexes, hashes.map((hash) => hash.toString('hex'))],
    );
  }

  async leafOfEvent(eventId: string): Promise<LeafRecord | null> {
    const [row] = await this.db.query<LeafRow>(
      'SELECT leaf_index, global_position, event_id, event_hash FROM log_tree_leaves WHERE event_id = $1',
      [eventId],
      PREPARED,
    );
    return row ? leafOf(row) : null;
  }

  /** The leaves of these events, in leaf order; events not yet in the tree are left out. One query. */
  async leavesOfEvents(eventIds: readonly string[]): Promise<LeafRecord[]> {
    const rows = await this.db.query<LeafRow>(
      'SELECT leaf_index, global_position, event_id, event_hash FROM log_tree_leaves WHERE event_id = ANY($1::uuid[]) ORDER BY leaf_index',
      [eventIds],
    );
    return rows.map(leafOf);
  }

  /**
   * Inclusion proofs of several leaves into one tree, with every node they need read in one query (a long
   * document's thousand proofs share most of their nodes).
   */
  async inclusionProofs(leafIndexes: readonly number[], treeSize: number): Promise<Hash[][]> {
    const key = (id: NodeId) => `${id.level}:${id.index}`;
    const wanted = new Map<string, NodeId>();
    for (const leafIndex of leafIndexes)
      for (const range of inclusionRanges(leafIndex, treeSize)) for (const id of perfectParts(range)) wanted.set(key(id), id);
    const ids = [...wanted.values()];
    const hashes = ids.length ? await this.source.nodes(ids) : [];
    const known = new Map(ids.map((id, i) => [key(id), hashes[i]!]));
    const fromMemory: NodeSource = { nodes: (needed) => Promise.resolve(needed.map((id) => known.get(key(id))!)) };
    return Promise.all(leafIndexes.map((leafIndex) => inclusionProof(fromMemory, leafIndex, treeSize)));
  }

  /** Leaves in order from `fromIndex` (store verify recomputes the tree from the events they name). */
  async leaves(fromIndex: number, limit: number): Promise<LeafRecord[]> {
    const rows = await this.db.query<LeafRow>(
      'SELECT leaf_index, global_position, event_id, event_hash FROM log_tree_leaves WHERE leaf_index >= $1 ORDER BY leaf_index LIMIT $2',
      [fromIndex, limit],
    );
    return rows.map(leafOf);
  }

  root(treeSize: number): Promise<Hash> {
    return treeSize === 0 ? Promise.resolve(EMPTY_ROOT) : rootOf(this.source, treeSize);
  }

  inclusionProof(leafIndex: number, treeSize: number): Promise<Hash[]> {
    return inclusionProof(this.source, leafIndex, treeSize);
  }

  consistencyProof(size1: number, size2: number): Promise<Hash[]> {
    return consistencyProof(this.source, size1, size2);
  }
}

/// <reference types="node" />
// The transparency log's cost, on PostgreSQL. Run by hand: npm run bench:transparency-log
// Env (all optional): BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres: where the bench's
// database is made), BENCH_DATABASE_NAME (bench_transparency_log_<pid>; made and dropped), BENCH_LEAVES
// (1000000), BENCH_WRITERS (4), BENCH_ROUND_MS (3000), BENCH_ROUNDS (8), BENCH_PROOFS (2000), BENCH_POLL_MS (1000).
//
// 1. Appends/s of BENCH_WRITERS concurrent one-event appends, with the tree growing and checkpoints being
//    signed beside them and without, interleaved in rounds on the same store (measure.ts). The grower does
//    what the API's checkpointer does (SqlMerkleLog.grow, a root and an Ed25519-signed checkpoint appended
//    every 1000 events), polling every BENCH_POLL_MS (default 1000, as the API's checkpointer).
// 2. Inclusion proofs over a tree of BENCH_LEAVES leaves: the leaves and perfect subtrees are written in
//    bulk (synthetic event hashes; the proofs read only the tree's tables), then BENCH_PROOFS proofs of
//    random events, each as the route makes it (the event's leaf, then the path's nodes in one query),
//    timed one after the other; p50, p99 and max.

import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  PostgresDatabase,
  SqlEventStore,
  SqlMerkleLog,
  migrate,
  verifyInclusion,
  leafHashOfEvent,
  type LeafRecord,
} from '@binaan/event-store';
import { roundMedianRatio, runFor, fmtInt, eventsPerSecond, type Op } from '../event-store/measure.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MIGRATIONS = join(REPO, 'infra/migrations');
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = process.env.BENCH_DATABASE_NAME ?? `bench_transparency_log_${process.pid}`;
const LEAVES = Number(process.env.BENCH_LEAVES ?? 1_000_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 4);
const TIMING = { warmupMs: 1000, ms: Number(process.env.BENCH_ROUND_MS ?? 3000), rounds: Number(process.env.BENCH_ROUNDS ?? 8) };
const PROOFS = Number(process.env.BENCH_PROOFS ?? 2000);
const CHECKPOINT_EVENTS = 1000;
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1000);

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function open(schema: string): Promise<SqlEventStore> {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  const db = await PostgresDatabase.open({ connectionString: url.toString(), schema, maxConnections: WRITERS + 4 });
  await migrate(db, MIGRATIONS);
  return SqlEventStore.open(db);
}

async function appendRates(): Promise<void> {
  const store = await open('appends');
  const tree = new SqlMerkleLog(store.db);
  const key = generateKeyPairSync('ed25519').privateKey;
  let lastSigned = 0;
  let checkpoints = 0;
  const writer = (): Op => {
    const streamId = `bench-${randomUUID()}`;
    let revision = -1;
    return async () => {
      await store.append({
        streamId,
        streamType: 'bench',
        expectedRevision: revision < 0 ? 'no_stream' : revision,
        events: [{ type: 'BenchHappened', data: { at: revision + 1, text: 'a line of an order' }, metadata: { actorUserId: 'bench' } }],
      });
      revision++;
      return 1;
    };
  };
  const growOnce = async () => {
    const { treeSize } = await tree.catchUp(5000);
    if (treeSize - lastSigned >= CHECKPOINT_EVENTS) {
      const root = await tree.root(treeSize);
      const body = `bench/log\n${treeSize}\n${root.toString('base64')}\n`;
      const signature = sign(null, Buffer.from(body), key).toString('base64');
      await store.append({
        streamId: 'logCheckpoint',
        streamType: 'logCheckpoint',
        expectedRevision: 'any',
        events: [
          {
            type: 'LogCheckpointSigned',
            data: { treeSize, rootHash: root.toString('hex'), note: `${body}\n${signature}\n` },
            metadata: {},
          },
        ],
      });
      lastSigned = treeSize;
      checkpoints++;
    }
  };
  /** The checkpointer beside the writers: a step every POLL_MS until stopped (its last step finishes after the timed run). */
  const startGrower = () => {
    let stopped = false;
    let wake = () => undefined as void;
    let timer: NodeJS.Timeout | undefined;
    const loop = (async () => {
      while (!stopped) {
        await growOnce();
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, POLL_MS);
        });
      }
    })();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      wake();
      await loop;
    };
  };
  const without = Array.from({ length: WRITERS }, writer);
  log(`appends: ${WRITERS} writers, ${TIMING.rounds} rounds of ${TIMING.ms} ms each, with and without in turn`);
  // Each round: the tree takes what the log holds (not timed), then the two runs in turn (the order
  // rotating), the tree caught up again before the run with the checkpointer, so that run grows the tree
  // by its own events only, as the API's checkpointer does in a steady state.
  await runFor(without, TIMING.warmupMs);
  const rates = [
    { name: 'without the checkpointer', ops: 0, events: 0, seconds: 0, perRound: [] as number[] },
    { name: 'with the checkpointer', ops: 0, events: 0, seconds: 0, perRound: [] as number[] },
  ];
  for (let round = 0; round < TIMING.rounds; round++) {
    for (const which of round % 2 ? [1, 0] : [0, 1]) {
      await tree.catchUp(5000);
      const stopGrower = which ? startGrower() : null;
      const result = await runFor(without, TIMING.ms);
      await stopGrower?.();
      const rate = rates[which]!;
      rate.ops += result.ops;
      rate.events += result.events;
      rate.seconds += result.seconds;
      rate.perRound.push(result.events / result.seconds);
    }
  }
  const [plain, logged] = rates;
  const { treeSize } = await tree.catchUp(5000);
  const ratio = roundMedianRatio(logged!, plain!);
  log(`  without the checkpointer: ${fmtInt(eventsPerSecond(plain!))} appends/s (rounds: ${plain!.perRound.map(fmtInt).join(', ')})`);
  log(`  with the checkpointer:    ${fmtInt(eventsPerSecond(logged!))} appends/s (rounds: ${logged!.perRound.map(fmtInt).join(', ')})`);
  log(
    `  median round ratio with/without: ${ratio.toFixed(3)} (${((1 - ratio) * 100).toFixed(1)} % slower); ${checkpoints} checkpoints signed, tree ${fmtInt(treeSize)} leaves`,
  );
  await store.close();
}

async function proofLatency(): Promise<void> {
  const store = await open('proofs');
  const tree = new SqlMerkleLog(store.db, () => Promise.reject(new Error('the bench writes the tree in bulk')));
  const hashOf = (i: number) => createHash('sha256').update(`event ${i}`).digest('hex');
  const idOf = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
  const BATCH = 20_000;
  const load = Date.now();
  for (let from = 0; from < LEAVES; from += BATCH) {
    const leaves: LeafRecord[] = [];
    for (let i = from; i < Math.min(from + BATCH, LEAVES); i++)
      leaves.push({ leafIndex: i, globalPosition: i + 1, eventId: idOf(i), eventHash: hashOf(i) });
    await store.db.transaction((tx) => tree.append(tx, from, leaves));
    if ((from / BATCH) % 10 === 0) log(`  tree: ${fmtInt(from + leaves.length)} / ${fmtInt(LEAVES)} leaves`);
  }
  await store.db.query('UPDATE log_tree_state SET tree_size = $1', [LEAVES]);
  await store.db.query('ANALYZE log_tree_leaves; ANALYZE log_tree_nodes');
  log(`  ${fmtInt(LEAVES)} leaves and their perfect subtrees written in ${((Date.now() - load) / 1000).toFixed(0)} s`);
  const root = await tree.root(LEAVES);
  const times: number[] = [];
  // The floor, timed in turn with each proof on the same connection and tables: two single-row index probes
  // (a leaf by event id, a node by level and index), the least any proof of two queries can cost here.
  const floors: number[] = [];
  for (let n = 0; n < PROOFS + 100; n++) {
    const i = Math.floor(Math.random() * LEAVES);
    const t0 = process.hrtime.bigint();
    const leaf = (await tree.leafOfEvent(idOf(i)))!;
    const path = await tree.inclusionProof(leaf.leafIndex, LEAVES);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (!verifyInclusion(leafHashOfEvent(leaf.eventHash), leaf.leafIndex, LEAVES, path, root))
      throw new Error(`proof ${i} does not verify`);
    const j = Math.floor(Math.random() * LEAVES);
    const f0 = process.hrtime.bigint();
    await store.db.query('SELECT event_hash FROM log_tree_leaves WHERE event_id = $1', [idOf(j)]);
    await store.db.query('SELECT hash FROM log_tree_nodes WHERE level = 0 AND node_index = $1', [j]);
    const floorMs = Number(process.hrtime.bigint() - f0) / 1e6;
    if (n >= 100) {
      times.push(ms); // the first 100 warm the connections and plans
      floors.push(floorMs);
    }
  }
  times.sort((a, b) => a - b);
  floors.sort((a, b) => a - b);
  const pick = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  const at = (q: number) => pick(times, q).toFixed(2);
  log(
    `  inclusion proof over ${fmtInt(LEAVES)} leaves (${PROOFS} random events, 2 queries each): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times[times.length - 1]!.toFixed(2)} ms`,
  );
  log(
    `  floor (two single-row index probes, in turn with the proofs): p50 ${pick(floors, 0.5).toFixed(2)} ms, p99 ${pick(floors, 0.99).toFixed(2)} ms; proof/floor p50 ${(pick(times, 0.5) / pick(floors, 0.5)).toFixed(2)}x, p99 ${(pick(times, 0.99) / pick(floors, 0.99)).toFixed(2)}x`,
  );
  await store.close();
}

await admin(`CREATE DATABASE ${NAME}`);
try {
  await appendRates();
  await proofLatency();
} finally {
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
}
log('done');

/// <reference types="node" />
// Appends/s, batch events/s and a 1M-event replay of @binaan/event-store on PostgreSQL and PGlite, beside
// a plain single-row INSERT and Emmett's PostgreSQL event store, all measured in this run on the same
// database. Run by hand: npm run bench:event-store
// Env (all optional): BENCH_EVENTS (1000000), BENCH_ROUND_MS (1000), BENCH_ROUNDS (6),
// BENCH_EMMETT_REPLAY_CAP_S (45), BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres: where the
// bench's database is made).
//
// Order: seed every log to BENCH_EVENTS (PostgreSQL on the main thread, PGlite in a worker at the same
// time; not measured), fill the plain tables to the same size, then measure appends (into the full
// tables), then replay the first BENCH_EVENTS events of each log (Emmett's replay stops at its cap: see
// emmett.ts). Took 10 to 11 minutes here while other processes loaded the 2 shared cores (load 4 to 9).

import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGliteDatabase, PostgresDatabase, SqlEventStore, migrate } from '@binaan/event-store';
import {
  OursContender,
  PLAIN_FILL_SQL,
  PLAIN_TABLE_SQL,
  eventDataType,
  pgTarget,
  plainScan,
  plainWriters,
  sqlTarget,
  type ReplayResult,
} from './contenders.js';
import { EmmettContender } from './emmett.js';
import { fmtInt, fmtSec, interleaved, seconds, type Rate } from './measure.js';
import { EVENTS_PER_STREAM, STREAM_WINDOW, payloadSizes } from './payload.js';
import type { SeedMessage, SeedRequest } from './pglite-seed.js';
import { createDatabase, newPool, serverInfo } from './postgres-setup.js';
import { printReport, type Column, type Replay } from './report.js';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MIGRATIONS = join(REPO, 'infra/migrations');
const TOTAL = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const TIMING = { warmupMs: 1000, ms: Number(process.env.BENCH_ROUND_MS ?? 1000), rounds: Number(process.env.BENCH_ROUNDS ?? 6) };
const PAGE = 1000;
const BATCH = 100;
const SCAN = Math.min(TOTAL, 100_000);
const EMMETT_CAP_S = Number(process.env.BENCH_EMMETT_REPLAY_CAP_S ?? 45);

const started = Date.now();
const loadAtStart = loadavg()[0]!.toFixed(2);
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s, load ${loadavg()[0]!.toFixed(1).padStart(4)}] ${line}`);
const progress = (what: string) => (done: number, total: number) => log(`  ${what}: ${fmtInt(done)} / ${fmtInt(total)}`);
const pick = (rates: Rate[]): Record<string, Rate> => Object.fromEntries(rates.map((rate) => [rate.name, rate]));

const replayed = async (work: () => Promise<ReplayResult>): Promise<Replay> => {
  const { result, seconds: s } = await seconds(work);
  return { ...result, seconds: s };
};

type Seed = { events: number; seconds: number };

function seedPGliteInWorker(request: SeedRequest): Promise<Seed & { fillSeconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pglite-seed.js', import.meta.url), { workerData: request });
    worker.on('message', (message: SeedMessage) => {
      if (message.kind === 'progress') progress('PGlite ours (worker)')(message.done, message.total);
      else if (message.kind === 'done') resolve(message);
      else reject(new Error(`PGlite seeding failed: ${message.message}`));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 ? undefined : reject(new Error(`PGlite seed worker exited with ${code}`))));
  });
}

function sourceState(): string {
  try {
    const head = execFileSync('git', ['-C', REPO, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['-C', REPO, 'status', '--porcelain', '--', 'packages/event-store/src', 'infra/migrations'], {
      encoding: 'utf8',
    }).trim();
    return `${head}${dirty ? ` + uncommitted changes in ${dirty.split('\n').length} event-store/migration file(s)` : ' (event-store sources clean)'}`;
  } catch {
    return 'unknown (no git)';
  }
}

async function run(url: string, dataDir: string): Promise<Column[]> {
  const info = await serverInfo(url);
  log(`PostgreSQL: ${info}`);
  const db1 = await PostgresDatabase.open({ connectionString: url, schema: 'binaan', maxConnections: 1 });
  const db8 = await PostgresDatabase.open({ connectionString: url, schema: 'binaan', maxConnections: 8 });
  await migrate(db1, MIGRATIONS);
  const ours1 = new OursContender(await SqlEventStore.open(db1));
  const ours8 = new OursContender(await SqlEventStore.open(db8));
  await db1.script(`CREATE SCHEMA plain; ${PLAIN_TABLE_SQL('plain.events', await eventDataType(db1))}`);
  const plain1 = newPool(url, 'plain', 1);
  const plain8 = newPool(url, 'plain', 8);
  const emmett = await EmmettContender.open(url, 'emmett');
  log(emmett.parsers());
  let pg: Column;
  try {
    log(
      `seeding to ${fmtInt(TOTAL)} events each with 1000-event appends through each store (not measured): ` +
        'ours and Emmett on PostgreSQL, ours on PGlite in a worker, all at once',
    );
    const [pgliteSeed, seedOurs, seedEmmett] = await Promise.all([
      seedPGliteInWorker({ dataDir, migrations: MIGRATIONS, total: TOTAL }),
      seconds(() => ours1.topUp(TOTAL, 'seed', 1, progress('PostgreSQL ours'))),
      seconds(() => emmett.topUp(TOTAL, 'seed', 1, progress('PostgreSQL Emmett'))),
    ]);
    const fill = await seconds(() => db1.script(PLAIN_FILL_SQL('plain.events', 'binaan.events')));
    log(
      `plain tables filled with the same ${fmtInt(TOTAL)} payloads (PostgreSQL ${fmtSec(fill.seconds)}, PGlite ${fmtSec(pgliteSeed.fillSeconds)})`,
    );
    await db1.script('VACUUM ANALYZE');
    await db1.script('CHECKPOINT');

    log('single-event appends, 1 connection (ours, plain INSERT, Emmett interleaved)');
    const single1 = await interleaved(
      [
        { name: 'ours', loops: ours1.singleWriters(1, 'po-pg1') },
        { name: 'plain', loops: plainWriters([pgTarget(plain1, 'events')], 'po-pg1') },
        { name: 'emmett', loops: emmett.singleWriters(1, 'po-pg1') },
      ],
      TIMING,
    );
    log('single-event appends, 8 connections');
    const single8 = await interleaved(
      [
        { name: 'ours', loops: ours8.singleWriters(8, 'po-pg8') },
        {
          name: 'plain',
          loops: plainWriters(
            Array.from({ length: 8 }, () => pgTarget(plain8, 'events')),
            'po-pg8',
          ),
        },
        { name: 'emmett', loops: emmett.singleWriters(8, 'po-pg8') },
      ],
      TIMING,
    );
    log(`${BATCH}-event batch appends, 1 connection`);
    const batch = await interleaved(
      [
        { name: 'ours', loops: [ours1.batchWriter('po-pgb', BATCH)] },
        { name: 'emmett', loops: [emmett.batchWriter('po-pgb', BATCH)] },
      ],
      TIMING,
    );
    log(`replaying the first ${fmtInt(TOTAL)} events of each log, pages of ${PAGE}`);
    const replayOurs = await replayed(() => ours1.replay(PAGE, TOTAL));
    const replayEmmett = await replayed(() => emmett.replay(PAGE, TOTAL, EMMETT_CAP_S));
    const scan = await replayed(() =>
      plainScan(async (text, params) => (await db1.pool.query(text, params)).rows, 'binaan.events', PAGE, SCAN),
    );
    pg = {
      name: 'PostgreSQL',
      info,
      single1: pick(single1),
      single8: pick(single8),
      batch: pick(batch),
      seeds: {
        ours: { events: seedOurs.result, seconds: seedOurs.seconds },
        emmett: { events: seedEmmett.result, seconds: seedEmmett.seconds },
      },
      replay: { ours: replayOurs, emmett: replayEmmett, scan },
    };
    return [pg, await pglite(dataDir, pgliteSeed)];
  } finally {
    await Promise.allSettled([ours1.store.close(), ours8.store.close(), plain1.end(), plain8.end(), emmett.close()]);
  }
}

async function pglite(dataDir: string, seed: Seed): Promise<Column> {
  const db = await PGliteDatabase.open(dataDir);
  await migrate(db, MIGRATIONS);
  const ours = new OursContender(await SqlEventStore.open(db));
  const info = `PGlite in this process, data dir on local disk, relaxed durability (as the product opens it); seeded in a worker thread`;
  log('PGlite: ' + info);
  try {
    log('single-event appends, 1 caller (ours, plain INSERT interleaved)');
    const single1 = await interleaved(
      [
        { name: 'ours', loops: ours.singleWriters(1, 'po-pgl1') },
        { name: 'plain', loops: plainWriters([sqlTarget(db, 'plain.events')], 'po-pgl1') },
      ],
      TIMING,
    );
    log('single-event appends, 8 concurrent callers on the one instance');
    const single8 = await interleaved(
      [
        { name: 'ours', loops: ours.singleWriters(8, 'po-pgl8') },
        {
          name: 'plain',
          loops: plainWriters(
            Array.from({ length: 8 }, () => sqlTarget(db, 'plain.events')),
            'po-pgl8',
          ),
        },
      ],
      TIMING,
    );
    log(`${BATCH}-event batch appends`);
    const batch = await interleaved([{ name: 'ours', loops: [ours.batchWriter('po-pglb', BATCH)] }], TIMING);
    log(`replaying the first ${fmtInt(TOTAL)} events, pages of ${PAGE}`);
    const replayOurs = await replayed(() => ours.replay(PAGE, TOTAL));
    const scan = await replayed(() => plainScan((text, params) => db.query(text, params), 'events', PAGE, SCAN));
    return {
      name: 'PGlite',
      info,
      single1: pick(single1),
      single8: pick(single8),
      batch: pick(batch),
      seeds: { ours: seed },
      replay: { ours: replayOurs, scan },
    };
  } finally {
    await ours.store.close();
  }
}

async function main(): Promise<void> {
  const sizes = payloadSizes();
  console.log(`event-store bench: node ${process.version}, ${cpus().length} cpus (${cpus()[0]?.model ?? '?'}); source ${sourceState()}`);
  console.log(
    `payload: ${sizes.data} B data + ${sizes.metadata} B metadata JSON; single-event writers round-robin over ${STREAM_WINDOW} open ` +
      `streams of up to ${EVENTS_PER_STREAM} events (1 append in ${EVENTS_PER_STREAM} creates a stream, expectedRevision numeric otherwise)`,
  );
  console.log(
    `timing: ${TIMING.warmupMs} ms warm-up per contender, then ${TIMING.rounds} interleaved rounds of ${TIMING.ms} ms per contender`,
  );
  const database = await createDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'binaan-bench-pglite-'));
  const cleanup = async () => {
    await database.drop().catch((error: unknown) => console.error(`could not drop ${database.name}:`, error));
    await rm(dir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));
  log(`database ${database.name}: schemas binaan (ours), plain (baseline), emmett (Emmett); PGlite in ${dir}`);
  let columns: Column[];
  try {
    columns = await run(database.url, join(dir, 'pglite'));
  } finally {
    await cleanup();
    log(`dropped ${database.name} and ${dir}`);
  }
  printReport(columns, { total: TOTAL, page: PAGE, batch: BATCH, scan: SCAN, emmettCap: EMMETT_CAP_S });
  console.log(
    `load average (1 min) at start ${loadAtStart}, at end ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cpus: other processes share these cores`,
  );
  console.log(`\ntotal wall time ${fmtSec((Date.now() - started) / 1000)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

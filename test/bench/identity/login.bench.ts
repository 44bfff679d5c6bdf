/// <reference types="node" />
// Sign-in under load: the real API (createApp, the same modules and store as `npm start`) in this process
// with the demo data, POST /api/login at a fixed 20 logins/s for 30 s (open loop: sent on schedule, not
// after the previous reply; latency from the scheduled send time), then a closed-loop ceiling, beside raw
// argon2id verify measured in the same run. Prints a table per store and where a login's time goes.
// Run by hand (after `npm run build`, which builds apps/api/dist):
//   npx tsc -b test/bench && node test/bench/dist/identity/login.bench.js [--postgres | --both]
// Store: PGlite by default; --postgres (or BENCH_DATABASE_URL set) PostgreSQL; --both one after the other.
// PostgreSQL: a database is made on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres)
// and dropped at the end, with DATABASE_SCHEMA fresh per run.
// Env (optional): BENCH_LOGIN_RATE (20), BENCH_LOGIN_SECONDS (30), BENCH_CEILING_CLIENTS (4), BENCH_CEILING_SECONDS (10).

import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { EventStore } from '@binaan/event-store';
import { loadConfig } from '@binaan/api/dist/config.js';
import { createApp } from '@binaan/api/dist/create-app.js';
import { DEMO_PASSWORD, DEMO_USERS } from '@binaan/api/dist/demo/demo-data.js';
import { seedDemoData } from '@binaan/api/dist/demo/demo-seed.js';
import { LookupKeys } from '@binaan/api/dist/personal-data/lookup-keys.js';
import { PasswordHasher } from '@binaan/api/dist/identity/password-hasher.js';
import { SessionTokens } from '@binaan/api/dist/identity/session-tokens.js';
import { EVENT_STORE } from '@binaan/api/dist/store/store.tokens.js';
import { measureArgon2 } from './argon2-baseline.js';
import { Timer, TimerGroup, instrument } from './instrument.js';
import type { LoadPlan, LoadResult } from './load-worker.js';
import { printReport, type Phase, type StoreRun } from './report.js';
import { prepareStore, POSTGRES_ADMIN_URL, type StoreName } from './stores.js';

const RATE = Number(process.env.BENCH_LOGIN_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_LOGIN_SECONDS ?? 30);
const CEILING_CLIENTS = Number(process.env.BENCH_CEILING_CLIENTS ?? 4);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 10);
const TIMEOUT_MS = 30_000;

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

function runLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.js', import.meta.url), { workerData: plan });
    worker.once('message', (result: LoadResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`load worker exited with ${code}`))));
  });
}

/** The components a login is made of, timed inside the running API. */
function timeTheApi(store: EventStore, hasher: object, tokens: object): { timers: Record<string, Timer>; undo: () => void } {
  const timers = {
    'argon2 verify (PasswordHasher.verify)': new Timer(),
    'event store readStream': new Timer(),
    'event store streamHead': new Timer(),
    'event store append (with projections)': new Timer(),
    'JWT signing (SessionTokens.issue)': new Timer(),
  };
  const storeCalls = new TimerGroup();
  const undos = [
    instrument(hasher, 'verify', timers['argon2 verify (PasswordHasher.verify)']),
    instrument(store, 'readStream', timers['event store readStream'], storeCalls),
    instrument(store, 'streamHead', timers['event store streamHead'], storeCalls),
    instrument(store, 'append', timers['event store append (with projections)'], storeCalls),
    instrument(tokens, 'issue', timers['JWT signing (SessionTokens.issue)']),
  ];
  return { timers, undo: () => undos.reverse().forEach((undo) => undo()) };
}

async function phase(name: string, plan: LoadPlan, timers: Record<string, Timer>): Promise<Phase> {
  for (const timer of Object.values(timers)) timer.reset();
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = await runLoad(plan);
  const wallSeconds = (performance.now() - wall) / 1000;
  const used = process.cpuUsage(cpu);
  const loop = performance.eventLoopUtilization(elu);
  const components = Object.entries(timers).map(([component, t]) => ({
    component,
    calls: t.calls,
    totalMs: t.totalMs,
    maxMs: t.maxMs,
    errors: [...t.errors],
  }));
  return {
    name,
    plan,
    result,
    components,
    wallSeconds,
    mainLoopUtilisation: loop.utilization,
    processCores: (used.user + used.system) / 1e6 / wallSeconds,
  };
}

async function benchStore(name: StoreName): Promise<StoreRun> {
  const bench = await prepareStore(name);
  log(`${name}: starting the API (${bench.info})`);
  const load1 = loadavg()[0] ?? 0;
  const app = await createApp(loadConfig(bench.env), { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the API has no TCP address');
    const url = `http://127.0.0.1:${address.port}/api/login`;
    const store = app.get<EventStore>(EVENT_STORE);
    const seedStart = performance.now();
    const seed = await seedDemoData(store, app.get(LookupKeys));
    if (!seed.seeded) throw new Error('demo data not seeded: the store was not empty');
    log(
      `${name}: API at ${url}; demo data seeded (${seed.users} users, ${seed.companies} companies) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    log(`${name}: argon2id baseline (100 sequential verifies, then 2 concurrent verifiers for 5 s)`);
    const argon2 = await measureArgon2(DEMO_PASSWORD, { sequential: 100, concurrency: 2, ceilingMs: 5000 });

    const bodies = DEMO_USERS.map((user) => JSON.stringify({ email: user.email, password: DEMO_PASSWORD }));
    const { timers, undo } = timeTheApi(store, app.get(PasswordHasher), app.get(SessionTokens));
    try {
      log(`${name}: warm-up (1 client, 3 s)`);
      const warm = await phase('warm-up', { kind: 'closed', url, bodies, clients: 1, durationMs: 3000, timeoutMs: TIMEOUT_MS }, timers);
      const warmFailures = warm.result.samples.filter((s) => !s.ok);
      if (warmFailures.length > 0) throw new Error(`warm-up logins failed: ${JSON.stringify(warmFailures.slice(0, 3))}`);
      log(`${name}: one at a time (1 client, 5 s)`);
      const sequential = await phase(
        'sequential, 1 client',
        { kind: 'closed', url, bodies, clients: 1, durationMs: 5000, timeoutMs: TIMEOUT_MS },
        timers,
      );
      log(`${name}: open loop, ${RATE} logins/s for ${SECONDS} s (${Math.round(RATE * SECONDS)} requests on a fixed schedule)`);
      const open = await phase(
        `open loop ${RATE}/s`,
        { kind: 'open', url, bodies, rate: RATE, durationMs: SECONDS * 1000, timeoutMs: TIMEOUT_MS },
        timers,
      );
      log(`${name}: closed loop ceiling (${CEILING_CLIENTS} clients, ${CEILING_SECONDS} s)`);
      const ceiling = await phase(
        `closed loop, ${CEILING_CLIENTS} clients`,
        { kind: 'closed', url, bodies, clients: CEILING_CLIENTS, durationMs: CEILING_SECONDS * 1000, timeoutMs: TIMEOUT_MS },
        timers,
      );
      return {
        store: name,
        info: bench.info,
        loadBefore: load1,
        loadAfter: loadavg()[0] ?? 0,
        argon2,
        sequential,
        open,
        ceiling,
        rate: RATE,
        seconds: SECONDS,
      };
    } finally {
      undo();
    }
  } finally {
    await app.close();
    await bench.cleanUp().catch((error: unknown) => console.error(`clean-up of ${name} failed:`, error));
  }
}

const args = process.argv.slice(2);
const stores: StoreName[] = args.includes('--both')
  ? ['PGlite', 'PostgreSQL']
  : args.includes('--postgres') || process.env.BENCH_DATABASE_URL
    ? ['PostgreSQL']
    : ['PGlite'];

console.log(
  `Login benchmark: node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ` +
    `UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}; stores: ${stores.join(', ')}` +
    (stores.includes('PostgreSQL') ? ` (server ${new URL(POSTGRES_ADMIN_URL).host})` : ''),
);
const runs: StoreRun[] = [];
for (const name of stores) runs.push(await benchStore(name));
const passed = printReport(runs);
log(`done: ${passed ? 'PASS' : 'MISS'} (the verdict is printed; the exit code is 0 for a completed run)`);
process.exit(0);

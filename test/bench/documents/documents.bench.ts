/// <reference types="node" />
// Documents under load: the built API started as in production (`node apps/api/dist/main.js`, NODE_ENV
// production, the demo data) on PostgreSQL with API_WORKERS processes (BENCH_API_WORKERS, default one per
// core; ../support/api-process.ts), in a database of the bench's own (created at the start, dropped at the
// end), driven over HTTP by autocannon in a process of its own (cannon-process.ts). Measured in one run:
//   (a) workflow actions per second on distinct purchase orders, 16 connections (Resubmit / Reject cycle,
//       every request a real action with its If-Match; non-2xx counted by status): target >= 800/s, p99 < 100 ms;
//   (b) GET history of one 1,000-event purchase order: target p99 < 20 ms;
//   (c) GET the same order as of a middle revision (?revision=500, a replay of 501 events): target p99 < 30 ms;
//   beside them the plain event-store append rate (SqlEventStore.append of one event, 16 concurrent
//   callers, no projections) in a schema of its own in the same database.
// Run by hand: npm run bench:documents (builds first). Env (optional): BENCH_DATABASE_URL (the server's
// admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_API_WORKERS (the core count),
// BENCH_ACTION_SECONDS (20), BENCH_READ_SECONDS (10), BENCH_READ_CONNECTIONS (1), BENCH_APPEND_SECONDS (10).
// SQL statements per request: profile.ts (the API in its process, every statement counted).
import { cpus, loadavg } from 'node:os';
import type { CycleDocument } from './action-cycle.js';
import type { CannonOutcome, CannonPlan } from './cannon-process.js';
import { runForked } from '../support/fork.js';
import { eachLimited, signIn } from './http.js';
import { plainAppendRate } from './plain-append.js';
import { ms, printTable, rate, type Row } from './report.js';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { loadConfig } from '@binaan/api/dist/config.js';
import { onDatabase, quietLog, startApiProcess } from '../support/api-process.js';
import { growTo, rejectedOrder } from './seed.js';
import { cpuPerRequest, sampleCpu } from './cpu.js';

const ACTION_SECONDS = Number(process.env.BENCH_ACTION_SECONDS ?? 20);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 1);
const APPEND_SECONDS = Number(process.env.BENCH_APPEND_SECONDS ?? 10);
const CONNECTIONS = 16;
const WORKERS = Number(process.env.BENCH_API_WORKERS ?? cpus().length);
const ORDERS = CONNECTIONS * 16;
const HISTORY_EVENTS = 1000;
const MIDDLE_REVISION = 500;
const SINGLE_SECONDS = 5;
const perRequest = (cpu: { node: number; pg: number }) => `${cpu.node.toFixed(2)} / ${cpu.pg.toFixed(2)}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** autocannon in a process of its own (cannon-process.ts). */
const cannon = (plan: CannonPlan) => runForked<CannonPlan, CannonOutcome>(new URL('./cannon-process.js', import.meta.url), plan);

/**
 * Row updates so far of the documents read model's two tables, and how many of them were HOT (PostgreSQL wrote
 * no index entry: no indexed column changed and the page had room): the wide row should be HOT on an action.
 */
async function updates(url: string): Promise<Record<string, { all: number; hot: number }>> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return onDatabase(async (client) => {
    const { rows } = await client.query<{ relname: string; n_tup_upd: string; n_tup_hot_upd: string }>(
      "SELECT relname, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE schemaname = 'api' AND relname IN ('documents', 'document_states')",
    );
    return Object.fromEntries(rows.map((row) => [row.relname, { all: Number(row.n_tup_upd), hot: Number(row.n_tup_hot_upd) }]));
  }, url);
}

/** Transactions committed and rolled back so far in `database` (PostgreSQL's statistics, updated within a second). */
async function transactions(database: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  return onDatabase(async (client) => {
    const { rows } = await client.query<{ n: string }>('SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1', [
      database,
    ]);
    return Number(rows[0]!.n);
  });
}

async function main(): Promise<void> {
  log(`${cpus().length} cores, load average ${load()}`);
  const bench = await startApiProcess('documents', WORKERS);
  const { database, url } = bench;
  const api = { base: bench.base };
  try {
    const kumar = await signIn(api, 'kumar@teguhbina.my', DEMO_PASSWORD, 'teguh-bina');
    const lim = await signIn(api, 'lim@teguhbina.my', DEMO_PASSWORD, 'teguh-bina');
    const cpu = () => sampleCpu(database, bench.cpuMs);
    log(
      `API on ${api.base} (${WORKERS} process${WORKERS === 1 ? '' : 'es'}), PostgreSQL database ${database}; seeding ${ORDERS} purchase orders and one of ${HISTORY_EVENTS} events`,
    );

    const orders: CycleDocument[] = [];
    await eachLimited(
      Array.from({ length: ORDERS }, (_, i) => i),
      8,
      async (i) => {
        orders.push(await rejectedOrder(api, kumar, lim, `Bench order ${i}`));
      },
    );
    const long = await rejectedOrder(api, kumar, lim, 'Bench order with a long history');
    await growTo(api, { kumar, lim }, long, HISTORY_EVENTS - 1);
    log(`seeded; load average ${load()}`);

    const statusEvents = () =>
      onDatabase(async (client) => {
        const { rows } = await client.query<{ n: string }>(
          "SELECT count(*) AS n FROM api.events WHERE type = 'WorkflowStatusChanged' AND stream_type = 'purchaseOrder'",
        );
        return Number(rows[0]!.n);
      }, url.toString());
    /** Each order's revision as the store has it (a run may stop with replies unread); odd: rejected, so Resubmit next. */
    const resync = () =>
      onDatabase(async (client) => {
        const { rows } = await client.query<{ stream_id: string; revision: string }>(
          "SELECT stream_id, revision FROM api.streams WHERE stream_type = 'purchaseOrder'",
        );
        const revisions = new Map(rows.map((r) => [r.stream_id, Number(r.revision)]));
        for (const order of orders) {
          order.revision = revisions.get(`purchaseOrder-${order.id}`)!;
          order.next = order.revision % 2 === 1 ? 'Resubmit' : 'Reject';
        }
      }, url.toString());

    log('(a) warm-up, 3 s');
    const tokens = { kumar, lim };
    await cannon({ kind: 'cycle', url: api.base, connections: CONNECTIONS, seconds: 3, documents: orders, tokens });
    // Replies still in flight when a run stops are applied by the API after it: let them land, then resync.
    await settle();
    log(`(a') one connection, ${SINGLE_SECONDS} s: the time one action takes without queueing`);
    await resync();
    const alone = await cannon({ kind: 'cycle', url: api.base, connections: 1, seconds: SINGLE_SECONDS, documents: orders, tokens });
    await settle();
    await resync();
    const before = await statusEvents();
    log(`(a) workflow actions, ${CONNECTIONS} connections, ${ACTION_SECONDS} s; load average ${load()}`);
    let cpuBefore = await cpu();
    const xactsBefore = await transactions(database);
    const updatesBefore = await updates(url.toString());
    const cycle = await cannon({
      kind: 'cycle',
      url: api.base,
      connections: CONNECTIONS,
      seconds: ACTION_SECONDS,
      documents: orders,
      tokens,
    });
    const actions = cycle.result;
    const actionCpu = cpuPerRequest(cpuBefore, await cpu(), cycle.ok);
    const actionXacts = ((await transactions(database)) - xactsBefore) / cycle.ok;
    const updatesAfter = await updates(url.toString());
    const hotShare = (table: string) => {
      const [after, before] = [updatesAfter[table], updatesBefore[table]];
      if (!after || !before || after.all === before.all) return '-';
      return `${((100 * (after.hot - before.hot)) / (after.all - before.all)).toFixed(0)} % of ${after.all - before.all}`;
    };
    await settle();
    const recorded = (await statusEvents()) - before;
    const refusals = cycle.byStatus.filter(([status]) => status < 200 || status > 299);

    // Work the actions left behind (the notifications reactor catching up on the log) must not be timed as reads.
    const quiet = await quietLog(url, 1000, 120_000);
    log(`the API was quiet (no SQL for 1 s) after ${(quiet / 1000).toFixed(1)} s`);
    log(`(b) GET history of the ${HISTORY_EVENTS}-event order, ${READ_CONNECTIONS} connection(s), ${READ_SECONDS} s`);
    const readHeaders = { authorization: `Bearer ${kumar}` };
    const historyPath = `/api/documents/purchaseOrder/${long.id}/history`;
    const read = (path: string, seconds: number) =>
      cannon({ kind: 'get', url: api.base, path, headers: readHeaders, connections: READ_CONNECTIONS, seconds }).then((o) => o.result);
    await read(historyPath, 2);
    cpuBefore = await cpu();
    const history = await read(historyPath, READ_SECONDS);
    const historyCpu = cpuPerRequest(cpuBefore, await cpu(), history.requests.total);
    const historyRows = (await (await fetch(`${api.base}${historyPath}`, { headers: readHeaders })).json()) as unknown[];

    await quietLog(url, 1000, 120_000);
    log(`(c) GET as of revision ${MIDDLE_REVISION}, ${READ_CONNECTIONS} connection(s), ${READ_SECONDS} s`);
    const asOfPath = `/api/documents/purchaseOrder/${long.id}?revision=${MIDDLE_REVISION}`;
    await read(asOfPath, 2);
    cpuBefore = await cpu();
    const asOf = await read(asOfPath, READ_SECONDS);
    const asOfCpu = cpuPerRequest(cpuBefore, await cpu(), asOf.requests.total);
    const asOfRevision = ((await (await fetch(`${api.base}${asOfPath}`, { headers: readHeaders })).json()) as { revision: number })
      .revision;

    log(`plain event-store appends, ${CONNECTIONS} callers, ${APPEND_SECONDS} s; load average ${load()}`);
    const plainCpuBefore = await sampleCpu(database);
    let plainCpuAfter = plainCpuBefore;
    const plain = await plainAppendRate({
      beforeClose: async () => void (plainCpuAfter = await sampleCpu(database)),
      url: url.toString(),
      schema: 'plain',
      migrationsDir: loadConfig({}).migrationsDir,
      callers: CONNECTIONS,
      seconds: APPEND_SECONDS,
      poolSize: 10,
    });

    // The store runs in this process (sampleCpu's default); the API's processes are idle meanwhile.
    const plainCpu = cpuPerRequest(plainCpuBefore, plainCpuAfter, plain.appends);
    const actionRate = cycle.ok / actions.duration;
    const rows: Row[] = [
      {
        measure: `(a) accepted actions/s, ${CONNECTIONS} connections, distinct orders`,
        value: rate(actionRate, 'actions'),
        target: '>= 800/s',
        pass: actionRate >= 800,
      },
      { measure: '(a) action latency p50', value: ms(actions.latency.p50), target: '', pass: null },
      { measure: '(a) action latency p99', value: ms(actions.latency.p99), target: '< 100 ms', pass: actions.latency.p99 < 100 },
      {
        measure: '(a) replies: 2xx / non-2xx / errors',
        value: `${cycle.ok} / ${actions.non2xx} / ${actions.errors}`,
        target: 'non-2xx 0',
        pass: actions.non2xx === 0 && actions.errors === 0,
      },
      // Requests in flight when autocannon stops are recorded by the API, their replies unread.
      {
        measure: '(a) status events recorded during the run',
        value: String(recorded),
        target: `2xx .. 2xx + ${CONNECTIONS}`,
        pass: recorded >= cycle.ok && recorded <= cycle.ok + CONNECTIONS,
      },
      {
        measure: `(a) per action: CPU ms API (${WORKERS} process${WORKERS === 1 ? '' : 'es'}) / PostgreSQL`,
        value: perRequest(actionCpu),
        target: '',
        pass: null,
      },
      // Each statement outside a transaction is one (the API's are; profile.ts counts the statements themselves).
      { measure: '(a) per action: PostgreSQL transactions (all the API sent)', value: actionXacts.toFixed(2), target: '', pass: null },
      {
        measure: '(a) HOT updates (no index entry written): documents / document_states',
        value: `${hotShare('documents')} / ${hotShare('document_states')}`,
        target: '',
        pass: null,
      },
      {
        measure: "(a') one connection: actions/s, latency p50 / p99",
        value: `${(alone.ok / alone.result.duration).toFixed(0)}/s, ${ms(alone.result.latency.p50)} / ${ms(alone.result.latency.p99)}`,
        target: '',
        pass: null,
      },
      { measure: `(b) history of ${historyRows.length} events: p50`, value: ms(history.latency.p50), target: '', pass: null },
      {
        measure: `(b) history of ${historyRows.length} events: p99 (${rate(history.requests.average, 'req')})`,
        value: ms(history.latency.p99),
        target: '< 20 ms',
        pass: history.latency.p99 < 20 && history.non2xx === 0,
      },
      { measure: '(b) per request: CPU ms API / PostgreSQL', value: perRequest(historyCpu), target: '', pass: null },
      { measure: `(c) as of revision ${asOfRevision}: p50`, value: ms(asOf.latency.p50), target: '', pass: null },
      {
        measure: `(c) as of revision ${asOfRevision}: p99 (${rate(asOf.requests.average, 'req')})`,
        value: ms(asOf.latency.p99),
        target: '< 30 ms',
        pass: asOf.latency.p99 < 30 && asOf.non2xx === 0,
      },
      { measure: '(c) per request: CPU ms API / PostgreSQL', value: perRequest(asOfCpu), target: '', pass: null },
      {
        measure: `plain SqlEventStore.append, ${CONNECTIONS} callers (no projections)`,
        value: rate(plain.perSecond, 'appends'),
        target: 'baseline',
        pass: null,
      },
      { measure: 'plain append latency p50 / p99', value: `${ms(plain.p50)} / ${ms(plain.p99)}`, target: '', pass: null },
      { measure: 'plain append: CPU ms store process / PostgreSQL', value: perRequest(plainCpu), target: '', pass: null },
      {
        measure: '(a) actions/s as a share of plain appends/s',
        value: `${((100 * actionRate) / plain.perSecond).toFixed(0)} %`,
        target: '',
        pass: null,
      },
    ];
    console.log('');
    console.log(
      `Documents bench, PostgreSQL (${database}), ${cpus().length} cores, API in ${WORKERS} process${WORKERS === 1 ? '' : 'es'}; load average at the end ${load()}`,
    );
    printTable(rows);
    if (refusals.length > 0)
      console.log(
        `non-2xx in (a) by status: ${refusals.map(([s, n]) => `${s} x ${n}`).join(', ')}; first: ${cycle.firstRefusals.join(' | ')}`,
      );
    if (plain.errors > 0) console.log(`plain appends that failed: ${plain.errors}`);
    if (history.non2xx + asOf.non2xx > 0) console.log(`non-2xx in (b) ${history.non2xx}, (c) ${asOf.non2xx}`);
  } finally {
    await bench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

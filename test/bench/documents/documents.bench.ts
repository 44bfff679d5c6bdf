/// <reference types="node" />
// Documents under load: the real API (createApp, the modules and store of `npm start`) in this process on
// PostgreSQL, in a database of the bench's own (created at the start, dropped at the end), driven over HTTP
// by autocannon. Measured in one run, on one database:
//   (a) workflow actions per second on distinct purchase orders, 16 connections (Resubmit / Reject cycle,
//       every request a real action with its If-Match; non-2xx counted by status): target >= 800/s, p99 < 100 ms;
//   (b) GET history of one 1,000-event purchase order: target p99 < 20 ms;
//   (c) GET the same order as of a middle revision (?revision=500, a replay of 501 events): target p99 < 30 ms;
//   beside them the plain event-store append rate (SqlEventStore.append of one event, 16 concurrent
//   callers, no projections) in a schema of its own in the same database.
// Run by hand: npm run bench:documents (builds first). Env (optional): BENCH_DATABASE_URL (the server's
// admin URL, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ACTION_SECONDS (20),
// BENCH_READ_SECONDS (10), BENCH_READ_CONNECTIONS (1), BENCH_APPEND_SECONDS (10).
import { cpus, loadavg } from 'node:os';
import autocannon, { type Options, type Result } from 'autocannon';
import { SqlEventStore } from '@binaan/event-store';
import { actionCycle, type CycleDocument } from './action-cycle.js';
import { eachLimited } from './http.js';
import { plainAppendRate } from './plain-append.js';
import { ms, printTable, rate, type Row } from './report.js';
import { growTo, onDatabase, rejectedOrder, startBenchApp } from './seed.js';
import { countSql } from './sql-counter.js';
import { cpuPerRequest, sampleCpu } from './cpu.js';

const ACTION_SECONDS = Number(process.env.BENCH_ACTION_SECONDS ?? 20);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 1);
const APPEND_SECONDS = Number(process.env.BENCH_APPEND_SECONDS ?? 10);
const CONNECTIONS = 16;
const ORDERS = CONNECTIONS * 16;
const HISTORY_EVENTS = 1000;
const MIDDLE_REVISION = 500;
const SINGLE_SECONDS = 5;
const perRequest = (queries: number, cpu: { node: number; pg: number }) => `${queries.toFixed(1)}, ${cpu.node.toFixed(2)} / ${cpu.pg.toFixed(2)}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

function cannon(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main(): Promise<void> {
  log(`${cpus().length} cores, load average ${load()}`);
  const bench = await startBenchApp();
  const { api, kumar, lim, database, config } = bench;
  const url = bench.url;
  try {
    if (!(bench.store instanceof SqlEventStore)) throw new Error('the bench needs the SQL store');
    const sql = countSql(bench.store.db);
    log(`API on ${api.base}, PostgreSQL database ${database}; seeding ${ORDERS} purchase orders and one of ${HISTORY_EVENTS} events`);

    const orders: CycleDocument[] = [];
    await eachLimited(Array.from({ length: ORDERS }, (_, i) => i), 8, async (i) => {
      orders.push(await rejectedOrder(api, kumar, lim, `Bench order ${i}`));
    });
    const long = await rejectedOrder(api, kumar, lim, 'Bench order with a long history');
    await growTo(api, { kumar, lim }, long, HISTORY_EVENTS - 1);
    log(`seeded; load average ${load()}`);

    const statusEvents = () => onDatabase(async (client) => {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM api.events WHERE type = 'WorkflowStatusChanged' AND stream_type = 'purchaseOrder'");
      return Number(rows[0]!.n);
    }, url.toString());
    /** Each order's revision as the store has it (a run may stop with replies unread); odd: rejected, so Resubmit next. */
    const resync = () => onDatabase(async (client) => {
      const { rows } = await client.query<{ stream_id: string; revision: string }>("SELECT stream_id, revision FROM api.streams WHERE stream_type = 'purchaseOrder'");
      const revisions = new Map(rows.map((r) => [r.stream_id, Number(r.revision)]));
      for (const order of orders) {
        order.revision = revisions.get(`purchaseOrder-${order.id}`)!;
        order.next = order.revision % 2 === 1 ? 'Resubmit' : 'Reject';
      }
    }, url.toString());

    log('(a) warm-up, 3 s');
    const warm = actionCycle(orders, { kumar, lim });
    await cannon({ url: api.base, connections: CONNECTIONS, duration: 3, requests: [warm.request] });
    // Replies still in flight when a run stops are applied by the API after it: let them land, then resync.
    await settle();
    log(`(a') one connection, ${SINGLE_SECONDS} s: the time one action takes without queueing`);
    await resync();
    const single = actionCycle(orders, { kumar, lim });
    const alone = await cannon({ url: api.base, connections: 1, duration: SINGLE_SECONDS, requests: [single.request] });
    await settle();
    await resync();
    const before = await statusEvents();
    log(`(a) workflow actions, ${CONNECTIONS} connections, ${ACTION_SECONDS} s; load average ${load()}`);
    const cycle = actionCycle(orders, { kumar, lim });
    let cpuBefore = await sampleCpu(database);
    sql.reset();
    const actions = await cannon({ url: api.base, connections: CONNECTIONS, duration: ACTION_SECONDS, requests: [cycle.request] });
    const actionSql = sql.count / cycle.tally.ok;
    const actionCpu = await cpuPerRequest(cpuBefore, database, cycle.tally.ok);
    await settle();
    const recorded = (await statusEvents()) - before;
    const refusals = [...cycle.tally.byStatus.entries()].filter(([status]) => status < 200 || status > 299);

    // Work the actions left behind (the notifications reactor catching up on the log) must not be timed as reads.
    const quiet = await sql.quiet(1000, 120_000);
    log(`the API was quiet (no SQL for 1 s) after ${(quiet / 1000).toFixed(1)} s`);
    log(`(b) GET history of the ${HISTORY_EVENTS}-event order, ${READ_CONNECTIONS} connection(s), ${READ_SECONDS} s`);
    const readHeaders = { authorization: `Bearer ${kumar}` };
    const historyPath = `/api/documents/purchaseOrder/${long.id}/history`;
    await cannon({ url: `${api.base}${historyPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: 2 });
    cpuBefore = await sampleCpu(database);
    sql.reset();
    const history = await cannon({ url: `${api.base}${historyPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: READ_SECONDS });
    const historySql = sql.count / history.requests.total;
    const historyCpu = await cpuPerRequest(cpuBefore, database, history.requests.total);
    const historyRows = (await (await fetch(`${api.base}${historyPath}`, { headers: readHeaders })).json()) as unknown[];

    await sql.quiet(1000, 120_000);
    log(`(c) GET as of revision ${MIDDLE_REVISION}, ${READ_CONNECTIONS} connection(s), ${READ_SECONDS} s`);
    const asOfPath = `/api/documents/purchaseOrder/${long.id}?revision=${MIDDLE_REVISION}`;
    await cannon({ url: `${api.base}${asOfPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: 2 });
    cpuBefore = await sampleCpu(database);
    sql.reset();
    const asOf = await cannon({ url: `${api.base}${asOfPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: READ_SECONDS });
    const asOfSql = sql.count / asOf.requests.total;
    const asOfCpu = await cpuPerRequest(cpuBefore, database, asOf.requests.total);
    const asOfRevision = ((await (await fetch(`${api.base}${asOfPath}`, { headers: readHeaders })).json()) as { revision: number }).revision;

    log(`plain event-store appends, ${CONNECTIONS} callers, ${APPEND_SECONDS} s; load average ${load()}`);
    const plain = await plainAppendRate({ url: url.toString(), schema: 'plain', migrationsDir: config.migrationsDir, callers: CONNECTIONS, seconds: APPEND_SECONDS, poolSize: 10 });

    const actionRate = cycle.tally.ok / actions.duration;
    const rows: Row[] = [
      { measure: `(a) accepted actions/s, ${CONNECTIONS} connections, distinct orders`, value: rate(actionRate, 'actions'), target: '>= 800/s', pass: actionRate >= 800 },
      { measure: '(a) action latency p50', value: ms(actions.latency.p50), target: '', pass: null },
      { measure: '(a) action latency p99', value: ms(actions.latency.p99), target: '< 100 ms', pass: actions.latency.p99 < 100 },
      {
        measure: '(a) replies: 2xx / non-2xx / errors', value: `${cycle.tally.ok} / ${actions.non2xx} / ${actions.errors}`, target: 'non-2xx 0', pass: actions.non2xx === 0 && actions.errors === 0,
      },
      // Requests in flight when autocannon stops are recorded by the API, their replies unread.
      { measure: '(a) status events recorded during the run', value: String(recorded), target: `2xx .. 2xx + ${CONNECTIONS}`, pass: recorded >= cycle.tally.ok && recorded <= cycle.tally.ok + CONNECTIONS },
      { measure: '(a) per action: SQL round trips, CPU ms API / PostgreSQL', value: perRequest(actionSql, actionCpu), target: '', pass: null },
      { measure: "(a') one connection: actions/s, latency p50 / p99", value: `${(single.tally.ok / alone.duration).toFixed(0)}/s, ${ms(alone.latency.p50)} / ${ms(alone.latency.p99)}`, target: '', pass: null },
      { measure: `(b) history of ${historyRows.length} events: p50`, value: ms(history.latency.p50), target: '', pass: null },
      { measure: `(b) history of ${historyRows.length} events: p99 (${rate(history.requests.average, 'req')})`, value: ms(history.latency.p99), target: '< 20 ms', pass: history.latency.p99 < 20 && history.non2xx === 0 },
      { measure: '(b) per request: SQL round trips, CPU ms API / PostgreSQL', value: perRequest(historySql, historyCpu), target: '', pass: null },
      { measure: `(c) as of revision ${asOfRevision}: p50`, value: ms(asOf.latency.p50), target: '', pass: null },
      { measure: `(c) as of revision ${asOfRevision}: p99 (${rate(asOf.requests.average, 'req')})`, value: ms(asOf.latency.p99), target: '< 30 ms', pass: asOf.latency.p99 < 30 && asOf.non2xx === 0 },
      { measure: '(c) per request: SQL round trips, CPU ms API / PostgreSQL', value: perRequest(asOfSql, asOfCpu), target: '', pass: null },
      { measure: `plain SqlEventStore.append, ${CONNECTIONS} callers (no projections)`, value: rate(plain.perSecond, 'appends'), target: 'baseline', pass: null },
      { measure: 'plain append latency p50 / p99', value: `${ms(plain.p50)} / ${ms(plain.p99)}`, target: '', pass: null },
      { measure: '(a) actions/s as a share of plain appends/s', value: `${((100 * actionRate) / plain.perSecond).toFixed(0)} %`, target: '', pass: null },
    ];
    console.log('');
    console.log(`Documents bench, PostgreSQL (${database}), ${cpus().length} cores; load average at the end ${load()}`);
    printTable(rows);
    if (refusals.length > 0) console.log(`non-2xx in (a) by status: ${refusals.map(([s, n]) => `${s} x ${n}`).join(', ')}; first: ${cycle.tally.firstRefusals.join(' | ')}`);
    if (plain.errors > 0) console.log(`plain appends that failed: ${plain.errors}`);
    if (history.non2xx + asOf.non2xx > 0) console.log(`non-2xx in (b) ${history.non2xx}, (c) ${asOf.non2xx}`);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

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
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options, type Result } from 'autocannon';
import pg from 'pg';
import type { EventStore } from '@binaan/event-store';
import { loadConfig } from '@binaan/api/dist/config.js';
import { createApp } from '@binaan/api/dist/create-app.js';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { seedDemoData } from '@binaan/api/dist/demo/demo-seed.js';
import { EVENT_STORE } from '@binaan/api/dist/store/store.tokens.js';
import { actionCycle, type CycleDocument } from './action-cycle.js';
import { act, createDocument, eachLimited, signIn, type Api } from './http.js';
import { plainAppendRate } from './plain-append.js';
import { ms, printTable, rate, type Row } from './report.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ACTION_SECONDS = Number(process.env.BENCH_ACTION_SECONDS ?? 20);
const READ_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 10);
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 1);
const APPEND_SECONDS = Number(process.env.BENCH_APPEND_SECONDS ?? 10);
const CONNECTIONS = 16;
const ORDERS = CONNECTIONS * 16;
const HISTORY_EVENTS = 1000;
const MIDDLE_REVISION = 500;
const TEGUH = 'teguh-bina';
const SINGLE_SECONDS = 5;
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

const orderBody = (title: string) => ({
  title, counterpartyCompanyId: 'mutiara-supplies', startDate: '2026-03-10', endDate: '2026-03-20',
  items: [{ description: 'Concrete G30', unit: 'm3', quantity: '10.5', rate: '110.00' }, { description: 'Pump hire', unit: 'day', quantity: '1', rate: '79.50' }],
});

/** One connection to `connectionString` (the server's admin database by default) for `work`. */
async function onDatabase<T>(work: (client: pg.Client) => Promise<T>, connectionString = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'binaan-bench-documents' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function cannon(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** An order in `rejected` (Create, Request_Approve, Reject), ready for the Resubmit / Reject cycle. */
async function rejectedOrder(api: Api, kumar: string, lim: string, title: string): Promise<CycleDocument> {
  const { id, revision } = await createDocument(api, 'purchaseOrder', kumar, orderBody(title));
  const requested = await act(api, 'purchaseOrder', kumar, id, 'Request_Approve', revision);
  const rejected = await act(api, 'purchaseOrder', lim, id, 'Reject', requested, { remark: 'Rates above the price list, revise' });
  return { id, revision: rejected, next: 'Resubmit' };
}

async function main(): Promise<void> {
  log(`${cpus().length} cores, load average ${load()}`);
  const database = `binaan_bench_documents_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-bench-documents-'));
  const config = loadConfig({ DATABASE_URL: url.toString(), DATABASE_SCHEMA: 'api', DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production' });
  const app = await createApp(config, { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the API has no TCP address');
    const api: Api = { base: `http://127.0.0.1:${address.port}` };
    await seedDemoData(app.get<EventStore>(EVENT_STORE));
    const kumar = await signIn(api, 'kumar@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const lim = await signIn(api, 'lim@teguhbina.my', DEMO_PASSWORD, TEGUH);
    log(`API on ${api.base}, PostgreSQL database ${database}; seeding ${ORDERS} purchase orders and one of ${HISTORY_EVENTS} events`);

    const orders: CycleDocument[] = [];
    await eachLimited(Array.from({ length: ORDERS }, (_, i) => i), 8, async (i) => {
      orders.push(await rejectedOrder(api, kumar, lim, `Bench order ${i}`));
    });
    const long = await rejectedOrder(api, kumar, lim, 'Bench order with a long history');
    while (long.revision < HISTORY_EVENTS - 1) {
      long.revision = await act(api, 'purchaseOrder', long.next === 'Reject' ? lim : kumar, long.id, long.next, long.revision, { remark: long.next === 'Reject' ? 'Rates above the price list, revise' : 'Revised rates' });
      long.next = long.next === 'Reject' ? 'Resubmit' : 'Reject';
    }
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
    const actions = await cannon({ url: api.base, connections: CONNECTIONS, duration: ACTION_SECONDS, requests: [cycle.request] });
    await settle();
    const recorded = (await statusEvents()) - before;
    const refusals = [...cycle.tally.byStatus.entries()].filter(([status]) => status < 200 || status > 299);

    log(`(b) GET history of the ${HISTORY_EVENTS}-event order, ${READ_CONNECTIONS} connection(s), ${READ_SECONDS} s`);
    const readHeaders = { authorization: `Bearer ${kumar}` };
    const historyPath = `/api/documents/purchaseOrder/${long.id}/history`;
    await cannon({ url: `${api.base}${historyPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: 2 });
    const history = await cannon({ url: `${api.base}${historyPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: READ_SECONDS });
    const historyRows = (await (await fetch(`${api.base}${historyPath}`, { headers: readHeaders })).json()) as unknown[];

    log(`(c) GET as of revision ${MIDDLE_REVISION}, ${READ_CONNECTIONS} connection(s), ${READ_SECONDS} s`);
    const asOfPath = `/api/documents/purchaseOrder/${long.id}?revision=${MIDDLE_REVISION}`;
    await cannon({ url: `${api.base}${asOfPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: 2 });
    const asOf = await cannon({ url: `${api.base}${asOfPath}`, headers: readHeaders, connections: READ_CONNECTIONS, duration: READ_SECONDS });
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
      { measure: "(a') one connection: actions/s, latency p50 / p99", value: `${(single.tally.ok / alone.duration).toFixed(0)}/s, ${ms(alone.latency.p50)} / ${ms(alone.latency.p99)}`, target: '', pass: null },
      { measure: `(b) history of ${historyRows.length} events: p50`, value: ms(history.latency.p50), target: '', pass: null },
      { measure: `(b) history of ${historyRows.length} events: p99 (${rate(history.requests.average, 'req')})`, value: ms(history.latency.p99), target: '< 20 ms', pass: history.latency.p99 < 20 && history.non2xx === 0 },
      { measure: `(c) as of revision ${asOfRevision}: p50`, value: ms(asOf.latency.p50), target: '', pass: null },
      { measure: `(c) as of revision ${asOfRevision}: p99 (${rate(asOf.requests.average, 'req')})`, value: ms(asOf.latency.p99), target: '< 30 ms', pass: asOf.latency.p99 < 30 && asOf.non2xx === 0 },
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
    await app.close();
    await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

// Bills of quantity throughput (run by hand: npx tsc -b && npx tsc -b test/bench && node
// test/bench/dist/bills-of-quantity/bills-of-quantity.bench.js; BENCH_SECONDS (40, in all), BENCH_ROUNDS (4), BENCH_ROWS,
// BENCH_CALLERS_PER_BQ, API_WORKERS): BQ operations a
// second through the built API on PostgreSQL (as in production, one process by default) beside plain
// appends of the event store on the same database in the same run; the goal is a ratio of at least 0.25.
//
// Each of the three demo projects gets a BQ of BENCH_ROWS rows (imported), split between its callers (one by
// default: the changes of one BQ are one stream, taken one at a time, so the plain appends get as many callers):
// caller k works on its own header (so per-node concurrency refuses nothing) and sends, one after the
// other: update a quantity, move a row up or down, indent and outdent a row under a sub-header, add a row
// and delete it again. The plain appends run as many callers, each appending one event at a time.
// The callers send with node:http and a keep-alive agent (../support/json-client.ts): each waits for its
// reply, so the client's own time per request is in the rate, and Node 20's fetch spent several times as
// much. BENCH_CLIENT=fetch measures with fetch; BENCH_CLIENT=both with each in turn, in one run.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '@binaan/api/dist/config.js';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { plainAppendRate } from '../documents/plain-append.js';
import { signIn } from '../documents/http.js';
import { onDatabase, startApiProcess } from '../support/api-process.js';
import { bqOperation } from './operations.js';
import { closeJsonClients, jsonClient, type JsonClient } from '../support/json-client.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROWS = Number(process.env.BENCH_ROWS ?? 3000);
const CALLERS_PER_BQ = Number(process.env.BENCH_CALLERS_PER_BQ ?? 1);
const WORKERS = Number(process.env.API_WORKERS ?? 1);
const TEGUH = 'teguh-bina';

type Json = Record<string, unknown>;

async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function ok(reply: Promise<{ status: number; body: Json }>, what: string): Promise<Json> {
  const { status, body } = await reply;
  if (status < 200 || status > 299) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

type Caller = {
  project: string;
  tab: string;
  header: string;
  sub: string;
  items: string[];
  revision: number;
  indented: boolean;
  turn: number;
};

async function main(): Promise<void> {
  const api = await startApiProcess('bq', WORKERS);
  try {
    const aminah = await signIn({ base: api.base }, 'aminah@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const kumar = await signIn({ base: api.base }, 'kumar@teguhbina.my', DEMO_PASSWORD, TEGUH);
    const projects = (await ok(call(api.base, kumar, 'GET', '/api/project-list-by-user'), 'projects')) as unknown as {
      project: { id: string };
    }[];
    // Three projects whose BQ can be changed: none yet, or one still being drafted (the demo seeds a BQ in one).
    const ids: string[] = [];
    for (const { project } of projects) {
      if (ids.length === 3) break;
      const bq = await call(api.base, kumar, 'GET', `/api/bill-of-quantity/${project.id}`);
      if (bq.status === 404 || (bq.status === 200 && (bq.body.revision === -1 || bq.body.editable === true))) ids.push(project.id);
    }
    if (ids.length < 3) throw new Error(`only ${ids.length} demo projects have a BQ that can be changed`);
    // Kumar proposes on billOfQuantity in each project (an approved member of every demo project).
    const userId = await onDatabase(
      async (client) =>
        (await client.query<{ user_id: string }>('SELECT user_id FROM api.identity_users WHERE email = $1', ['kumar@teguhbina.my']))
          .rows[0]!.user_id,
      api.url,
    );
    const callers: Caller[] = [];
    const seedStarted = performance.now();
    for (const project of ids) {
      // Kumar may hold the level already (the demo's BQ): 409 levelAlreadyAssigned is as good as a 2xx.
      const assigned = await call(api.base, aminah, 'POST', `/api/projects/${project}/assignments`, {
        code: 'billOfQuantity',
        user_id: userId,
        workflow_level: 10,
      });
      if ((assigned.status < 200 || assigned.status > 299) && assigned.body.errorCode !== 'levelAlreadyAssigned')
        throw new Error(`assign: ${assigned.status} ${JSON.stringify(assigned.body)}`);
      const before = await call(api.base, kumar, 'GET', `/api/bill-of-quantity/${project}`);
      const known =
        before.status === 200 && typeof before.body.revision === 'number' && before.body.revision >= 0
          ? { revision: before.body.revision }
          : {};
      const tab = await ok(call(api.base, kumar, 'POST', '/api/bq-tab/add', { project_id: project, name: 'Bench tab', ...known }), 'tab');
      let revision = tab.revision as number;
      const perCaller = Math.floor(ROWS / CALLERS_PER_BQ) - 2;
      for (let k = 0; k < CALLERS_PER_BQ; k++) {
        // The API takes bodies of at most 100 KB: the rows go in chunks of 500, the later ones under the header.
        const head = await ok(
          call(api.base, kumar, 'POST', '/api/bq-item/import', {
            project_id: project,
            bq_tab_id: tab.id,
            revision,
            rows: [
              { level: 1, type: 'header', title: `Block ${k}` },
              { level: 2, type: 'header', title: 'Sub-header' },
            ],
          }),
          'import',
        );
        revision = head.revision as number;
        const [header, sub] = (head.created as [string, string][]).map(([, id]) => id) as [string, string];
        const items: string[] = [];
        for (let from = 0; from < perCaller; from += 500) {
          const rows = Array.from({ length: Math.min(500, perCaller - from) }, (_, i) => ({
            level: 1,
            type: 'item',
            title: `Item ${from + i}`,
            description: 'Concrete',
            unit: 'm3',
            quantity: String(1 + (i % 50)),
            rate: '245.50',
          }));
          const imported = await ok(
            call(api.base, kumar, 'POST', '/api/bq-item/import', {
              project_id: project,
              bq_tab_id: tab.id,
              parent_id: header,
              revision,
              rows,
            }),
            'import',
          );
          revision = imported.revision as number;
          items.push(...(imported.created as [string, string][]).map(([, id]) => id));
        }
        const created = [header, sub, ...items];
        callers.push({
          project,
          tab: tab.id as string,
          header: created[0]!,
          sub: created[1]!,
          items: created.slice(2),
          revision,
          indented: false,
          turn: 0,
        });
      }
    }
    console.log(`seeded ${ids.length} BQs of ${ROWS} rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const measure = async (client: JsonClient, seconds: number, warmupMs: number) => {
      const latencies: number[] = [];
      let errors = 0;
      const run = async (caller: Caller, until: number) => {
        // The turn goes on from round to round: the mix (moves up, then down) stays the one long run's.
        while (performance.now() < until) {
          const [path, body] = bqOperation(caller, caller.turn++);
          const started = performance.now();
          const reply = await client.call(api.base, kumar, 'POST', `/api/bq-item/${path}`, body);
          if (reply.status >= 300) {
            errors++;
            if (errors < 5) console.log(path, reply.status, JSON.stringify(reply.body));
            caller.revision = (reply.body.revision as number | undefined) ?? caller.revision;
            continue;
          }
          latencies.push(performance.now() - started);
          caller.revision = reply.body.revision as number;
          if (path === 'add') caller.items.push(reply.body.id as string);
          if (path === 'indent' || path === 'outdent') caller.indented = path === 'indent';
          if (path === 'delete') caller.items.pop();
        }
      };
      // Warm-up, as the documents bench's: the API's JIT settles in the first seconds (the first of two runs read 15% slower).
      if (warmupMs > 0) await Promise.all(callers.map((caller) => run(caller, performance.now() + warmupMs)));
      latencies.length = 0;
      errors = 0;
      const cpuBefore = await api.cpuMs();
      const ownBefore = process.cpuUsage();
      const started = performance.now();
      await Promise.all(callers.map((caller) => run(caller, started + seconds * 1000)));
      const took = (performance.now() - started) / 1000;
      const own = process.cpuUsage(ownBefore);
      // The API's own CPU (its processes, from /proc) per operation: far steadier than the rate on a shared machine.
      const operations = Math.max(1, latencies.length + errors);
      const cpuPerOp = ((await api.cpuMs()) - cpuBefore) / operations;
      latencies.sort((a, b) => a - b);
      const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
      return {
        client: client.name,
        rate: latencies.length / took,
        p50: at(0.5),
        p99: at(0.99),
        errors,
        cpuPerOp,
        clientCpuPerOp: (own.user + own.system) / 1000 / operations,
      };
    };
    const clients = process.env.BENCH_CLIENT === 'both' ? [jsonClient('fetch'), jsonClient('http')] : [jsonClient()];
    // Interleaved rounds (BQ operations, then plain appends, ROUNDS times): the machine's other load drifts
    // within a run, and a BQ phase and a plain phase side by side meet the same load. The ratio is the
    // median of the rounds' ratios; the rates are the rounds' medians.
    const roundSeconds = SECONDS / ROUNDS;
    const plainOptions = {
      url: api.url,
      schema: 'plain_bench',
      migrationsDir: loadConfig({}).migrationsDir,
      callers: callers.length,
      seconds: roundSeconds,
      poolSize: 10,
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const client of clients) {
      const rounds: { bq: Awaited<ReturnType<typeof measure>>; plain: Awaited<ReturnType<typeof plainAppendRate>> }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bq = await measure(client, roundSeconds, round === 0 ? 3000 : 0);
        rounds.push({ bq, plain: await plainAppendRate(plainOptions) });
      }
      if (client === clients[clients.length - 1]) closeJsonClients();
      const ratios = rounds.map((r) => r.bq.rate / r.plain.perSecond);
      console.log(
        `BQ operations (HTTP by ${client.name}, ${callers.length} callers on ${ids.length} BQs of ${ROWS} rows, ${WORKERS} API process(es)), ${ROUNDS} rounds of ${roundSeconds} s: ${median(rounds.map((r) => r.bq.rate)).toFixed(0)}/s, p50 ${median(rounds.map((r) => r.bq.p50)).toFixed(1)} ms, p99 ${median(rounds.map((r) => r.bq.p99)).toFixed(1)} ms, ${rounds.reduce((n, r) => n + r.bq.errors, 0)} refused`,
      );
      console.log(
        `  CPU per BQ operation: API ${median(rounds.map((r) => r.bq.cpuPerOp)).toFixed(2)} ms (its processes' user + system time), the bench's client ${median(rounds.map((r) => r.bq.clientCpuPerOp)).toFixed(2)} ms`,
      );
      console.log(
        `plain appends (event store alone, ${callers.length} callers), rounds' median: ${median(rounds.map((r) => r.plain.perSecond)).toFixed(0)}/s, p50 ${median(rounds.map((r) => r.plain.p50)).toFixed(1)} ms, p99 ${median(rounds.map((r) => r.plain.p99)).toFixed(1)} ms`,
      );
      console.log(
        `ratio BQ operations (${client.name}) / plain appends, median of the rounds: ${median(ratios).toFixed(2)} (goal >= 0.25); each round: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
      );
      console.log(
        `  each round, BQ operations a second / API CPU ms per operation: ${rounds.map((r) => `${r.bq.rate.toFixed(0)} / ${r.bq.cpuPerOp.toFixed(2)}`).join(', ')}`,
      );
    }
    console.log(`machine load (1 min average) at the end: ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
  } finally {
    if (process.env.BENCH_PRINT_API) console.log(api.output().slice(-4000));
    await api.stop();
  }
}

await main();

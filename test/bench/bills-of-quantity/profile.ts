/// <reference types="node" />
// What one BQ operation costs in SQL (every statement text and how often per operation), the API in this
// process (logger off), for the per-request cost; run under `node --cpu-prof` for where its CPU goes:
//   npx tsc -b && npx tsc -b test/bench && node test/bench/dist/bills-of-quantity/profile.js
// PROFILE_SECONDS (10), PROFILE_ROWS (600), PROFILE_CALLERS (3, one BQ each: the bench's shape). The
// operations are the bench's six (update, move, indent, outdent, add, delete), one at a time per caller.
import { performance } from 'node:perf_hooks';
import { SqlEventStore } from '@binaan/event-store';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '@binaan/event-store';
import { loadConfig } from '@binaan/api/dist/config.js';
import { createApp } from '@binaan/api/dist/create-app.js';
import { seedDemo } from '@binaan/api/dist/demo/demo-seed.js';
import { EVENT_STORE } from '@binaan/api/dist/store/store.tokens.js';
import { ADMIN_URL } from '../support/api-process.js';
import { countSql } from '../documents/sql-counter.js';
import { onDatabase } from '../support/api-process.js';
import { signIn } from '../documents/http.js';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { bqOperation } from './operations.js';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const ROWS = Number(process.env.PROFILE_ROWS ?? 600);
const CALLERS = Number(process.env.PROFILE_CALLERS ?? 3);

type Json = Record<string, unknown>;
type Caller = { project: string; tab: string; header: string; items: string[]; revision: number; indented: boolean };

/** The API in this process on a database of its own, with the whole demo (projects included: seedDemo, as `npm start`). */
async function startWithDemo() {
  const database = `binaan_bench_bqprofile_${process.pid}_${randomBytes(3).toString('hex')}`;
  await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-bench-bqprofile-'));
  const app = await createApp(
    loadConfig({ DATABASE_URL: url.toString(), DATABASE_SCHEMA: 'api', DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production' }),
    { logger: false },
  );
  const close = async () => {
    await app.close();
    await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  };
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  if (address === null || typeof address === 'string') throw new Error('the API has no TCP address');
  await seedDemo(app);
  const api = { base: `http://127.0.0.1:${address.port}` };
  const kumar = await signIn(api, 'kumar@teguhbina.my', DEMO_PASSWORD, 'teguh-bina');
  return { api, kumar, store: app.get<EventStore>(EVENT_STORE), url: url.toString(), close };
}

async function main(): Promise<void> {
  const bench = await startWithDemo();
  const { api, kumar } = bench;
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const response = await fetch(`${api.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${kumar}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
  try {
    if (!(bench.store instanceof SqlEventStore)) throw new Error('the profile needs the SQL store');
    const sql = countSql(bench.store.db, true);
    let projects: { project: { id: string } }[] = [];
    // The demo's projects reach the list once the read models have caught up on the seeding.
    for (let waited = 0; projects.length === 0 && waited < 60; waited++) {
      projects = (await call('GET', '/api/project-list-by-user')).body as unknown as { project: { id: string } }[];
      if (projects.length === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const userId = await onDatabase(
      async (client) =>
        (await client.query<{ user_id: string }>('SELECT user_id FROM api.identity_users WHERE email = $1', ['kumar@teguhbina.my']))
          .rows[0]!.user_id,
      bench.url,
    );
    const aminah = await signIn(api, 'aminah@teguhbina.my', DEMO_PASSWORD, 'teguh-bina');
    const callers: Caller[] = [];
    for (const { project } of projects) {
      if (callers.length === CALLERS) break;
      const bq = await fetch(`${api.base}/api/bill-of-quantity/${project.id}`, { headers: { authorization: `Bearer ${kumar}` } });
      // None yet (404, or a view at revision -1): the first change is the tab, with no revision.
      if (bq.status !== 404 && !(bq.status === 200 && ((await bq.json()) as Json).revision === -1)) continue;
      // Aminah (the demo's admin) gives Kumar CreatePropose; he may hold it already (409 is as good).
      const assigned = await fetch(`${api.base}/api/projects/${project.id}/assignments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${aminah}` },
        body: JSON.stringify({ code: 'billOfQuantity', user_id: userId, workflow_level: 10 }),
      });
      if (assigned.status >= 300 && assigned.status !== 409) {
        console.log(`project ${project.id}: assignment ${assigned.status} ${await assigned.text()}`);
        continue;
      }
      const tab = (await call('POST', '/api/bq-tab/add', { project_id: project.id, name: 'Profile tab' })).body;
      const head = (
        await call('POST', '/api/bq-item/import', {
          project_id: project.id,
          bq_tab_id: tab.id,
          revision: tab.revision,
          rows: [
            { level: 1, type: 'header', title: 'Block' },
            { level: 2, type: 'header', title: 'Sub' },
          ],
        })
      ).body;
      const [header] = (head.created as [string, string][]).map(([, id]) => id) as [string];
      const rows = Array.from({ length: ROWS }, (_, i) => ({
        level: 1,
        type: 'item',
        title: `Item ${i}`,
        description: 'Concrete',
        unit: 'm3',
        quantity: String(1 + (i % 50)),
        rate: '245.50',
      }));
      const imported = (
        await call('POST', '/api/bq-item/import', {
          project_id: project.id,
          bq_tab_id: tab.id,
          parent_id: header,
          revision: head.revision,
          rows,
        })
      ).body;
      callers.push({
        project: project.id,
        tab: tab.id as string,
        header,
        items: (imported.created as [string, string][]).map(([, id]) => id),
        revision: imported.revision as number,
        indented: false,
      });
    }
    if (callers.length === 0) throw new Error('no demo project without a BQ that Kumar may propose in');
    let done = 0;
    const run = async (caller: Caller, until: number) => {
      for (let turn = 0; performance.now() < until; turn++) {
        const [path, body] = bqOperation(caller, turn);
        const reply = (await call('POST', `/api/bq-item/${path}`, body)).body;
        done++;
        caller.revision = reply.revision as number;
        if (path === 'add') caller.items.push(reply.id as string);
        if (path === 'indent' || path === 'outdent') caller.indented = path === 'indent';
        if (path === 'delete') caller.items.pop();
      }
    };
    await Promise.all(callers.map((caller) => run(caller, performance.now() + 2000)));
    await sql.quiet(1000, 60_000);
    sql.reset();
    done = 0;
    const started = performance.now();
    await Promise.all(callers.map((caller) => run(caller, started + SECONDS * 1000)));
    const seconds = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.log(
      `BQ operations: ${done} in ${seconds.toFixed(1)} s (${(done / seconds).toFixed(0)}/s), ${callers.length} callers on BQs of ${ROWS} rows`,
    );
    console.log(`per operation: ${(sql.count / done).toFixed(2)} SQL round trips`);
    for (const [text, count] of [...sql.texts.entries()].sort((a, b) => b[1] - a[1]))
      console.log(`  ${(count / done).toFixed(2)}  ${text}`);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

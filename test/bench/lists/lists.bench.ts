/// <reference types="node" />
// The document lists at 1,000 / 100,000 / 1,000,000 documents of one company, by hand:
//   tsc -b && tsc -b test/bench && node test/bench/dist/lists/lists.bench.js
//   BENCH_STORE=pglite ... (PGlite in a temporary folder, sizes up to 100,000)
//   BENCH_SIZES=1000,100000  BENCH_RUNS=15  BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  BENCH_KEEP=1
//   BENCH_CALLS=search  (only the calls whose name contains it, case-insensitive)
// The API runs in this process on a database (or PGlite folder) of its own with the demo data; the tender
// read model is grown in SQL (seed.ts). Each list call is timed through HTTP (median of BENCH_RUNS after
// warm-up) beside the bare SQL read of the same page (the company's own rows, same order and page, no
// count, no names: the floor), both in the same run, and the ratio to the first size is printed.
// Every new list gets a line in CALLS (documents), PLAN_CALLS (plan-lists.ts: BQs, budgets, progress plans, BQ
// scans), TENDERING_CALLS (tendering-lists.ts: invitations received, tenderers, a tender's queries), COMPANY_CALLS
// (company-lists.ts), DIRECTORY_CALLS (directory-lists.ts: the public contractor directory) or SETUP_CALLS
// (setup-lists.ts: a company's setups) or PLATFORM_CALLS (platform-lists.ts: the administrator's e-mail log,
// inquiries, advertisements, billing records and coupons, and a company's billing records).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlExecutor } from '@binaan/event-store';
import { READ_MODELS } from '@binaan/api/dist/common/principal.js';
import { loadConfig } from '@binaan/api/dist/config.js';
import { createApp } from '@binaan/api/dist/create-app.js';
import { DEMO_PASSWORD } from '@binaan/api/dist/demo/demo-data.js';
import { seedDemoData } from '@binaan/api/dist/demo/demo-seed.js';
import { LookupKeys } from '@binaan/api/dist/personal-data/lookup-keys.js';
import { EVENT_STORE } from '@binaan/api/dist/store/store.tokens.js';
import type { EventStore } from '@binaan/event-store';
import { ADMIN_URL, onDatabase } from '../support/api-process.js';
import { createDocument, signIn } from '../documents/http.js';
import { analyze, COMMON_WORD, COMPANY, growDocuments, OTHER, PROJECT, RESOURCE, run } from './seed.js';
import { growPlansSql, PLAN_ANALYZE, PLAN_CALLS, SCAN_PROJECT, scanProjectSql, type PlanCall } from './plan-lists.js';
import { benchTenderBody, growTenderingSql, TENDERING_ANALYZE, TENDERING_CALLS } from './tendering-lists.js';
import { COMPANY_ANALYZE, COMPANY_CALLS, growCompanySql } from './company-lists.js';
import { CATALOGUE_ANALYZE, CATALOGUE_CALLS, growCatalogueSql } from './catalogue-lists.js';
import { growInventorySql, INVENTORY_ANALYZE, INVENTORY_CALLS } from './inventory-lists.js';
import { growNetworkSql, NETWORK_ANALYZE, NETWORK_CALLS } from './network-lists.js';
import { DIRECTORY_ANALYZE, DIRECTORY_CALLS, growDirectorySql } from './directory-lists.js';
import { growProfileSql, PROFILE_ANALYZE, PROFILE_CALLS } from './profile-lists.js';
import { growSetupsSql, SETUP_ANALYZE, SETUP_CALLS } from './setup-lists.js';
import { growPlatformSql, PLATFORM_ANALYZE, PLATFORM_CALLS } from './platform-lists.js';

const STORE = process.env.BENCH_STORE === 'pglite' ? 'pglite' : 'postgres';
const SIZES = (process.env.BENCH_SIZES ?? (STORE === 'pglite' ? '1000,100000' : '1000,100000,1000000')).split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const ONLY = process.env.BENCH_CALLS?.toLowerCase();

type Call = {
  name: string;
  sort?: [string, 'ASC' | 'DESC'];
  range?: [number, number];
  filter?: Record<string, unknown>;
  /**
   * The floor: extra WHERE on the company's own rows, ORDER BY, OFFSET. `table`: the one whose index serves
   * it, `document_states` for what an action changes (status, updated_at, revision, an open round), else documents.
   */
  bare: { where?: string; order: string; offset?: number; table?: 'document_states' };
};

const STATE_COLUMNS = new Set(['status', 'updated_at', 'revision']);
const sortCall = (field: string, column: string): Call => ({
  name: `first page sorted by ${field}`,
  sort: [field, 'ASC'],
  bare: { order: `${column} ASC, id ASC`, ...(STATE_COLUMNS.has(column) ? { table: 'document_states' as const } : {}) },
});

/** One line per list call. The rare search names one document of the first 1,000. */
export const CALLS: Call[] = [
  { name: 'first page, default sort (createdAt DESC)', bare: { order: 'created_at DESC, id ASC' } },
  sortCall('id', 'id'),
  sortCall('documentNo', 'document_no'),
  sortCall('title', 'title'),
  sortCall('status', 'status'),
  sortCall('total', 'total_sen'),
  sortCall('createdAt', 'created_at'),
  sortCall('updatedAt', 'updated_at'),
  sortCall('revision', 'revision'),
  sortCall('projectId', 'project_id'),
  sortCall('companyName', 'company_id'),
  sortCall('counterpartyName', 'counterparty_company_id'),
  { name: 'page 40 (range 975-999)', range: [975, 999], bare: { order: 'created_at DESC, id ASC', offset: 975 } },
  {
    name: `search q=${COMMON_WORD} (1 in 8)`,
    filter: { q: COMMON_WORD },
    bare: { where: `title ILIKE '%${COMMON_WORD}%'`, order: 'created_at DESC, id ASC' },
  },
  {
    name: 'search q=0000777 (one document)',
    filter: { q: '0000777' },
    bare: { where: "document_no ILIKE '%0000777%'", order: 'created_at DESC, id ASC' },
  },
  {
    name: 'status tab (active)',
    filter: { status: 'active' },
    bare: { where: "status = 'active'", order: 'created_at DESC, id ASC', table: 'document_states' },
  },
  {
    name: 'counterparty filter',
    filter: { counterparty: OTHER },
    bare: { where: `counterparty_company_id = '${OTHER}'`, order: 'created_at DESC, id ASC' },
  },
  {
    name: 'project filter',
    filter: { projectId: PROJECT },
    bare: { where: `project_id = '${PROJECT}'`, order: 'created_at DESC, id ASC' },
  },
  { name: 'direction received', filter: { direction: 'received' }, bare: { where: 'false', order: 'created_at DESC, id ASC' } },
  {
    name: 'awaiting approval',
    filter: { awaitingApproval: true },
    bare: { where: 'awaiting_level IS NOT NULL', order: 'created_at DESC, id ASC', table: 'document_states' },
  },
  // Tenders received sorted by total go by id (estimates withheld): the received branch reads (status, id).
  {
    name: 'two statuses sorted by total',
    sort: ['total', 'DESC'],
    filter: { status: ['new', 'cancelled'] },
    bare: { where: "status IN ('new', 'cancelled')", order: 'total_sen DESC, id DESC' },
  },
  {
    name: 'date range (one day)',
    filter: { dateFrom: '2020-01-01', dateTo: '2020-01-01' },
    bare: { where: "created_at >= '2020-01-01' AND created_at < '2020-01-02'", order: 'created_at DESC, id ASC' },
  },
  {
    name: 'getMany filter={"id":[3 ids]}',
    filter: { id: ['bench-11', 'bench-512', 'bench-903'] },
    bare: { where: "id IN ('bench-11','bench-512','bench-903')", order: 'id ASC' },
  },
  { name: 'export (range 0-999)', range: [0, 999], bare: { order: 'created_at DESC, id ASC' } },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timeIt(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    await work();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

type Measured = { api: number | string; sql: number; range: string };
type Tokens = { officer: string; companyAdmin: string; platformAdmin: string };

async function measure(base: string, token: string, db: SqlExecutor, call: Call): Promise<Measured> {
  const params = new URLSearchParams();
  if (call.sort) params.set('sort', JSON.stringify(call.sort));
  params.set('range', JSON.stringify(call.range ?? [0, 24]));
  if (call.filter) params.set('filter', JSON.stringify(call.filter));
  const url = `${base}/api/documents/${RESOURCE}?${params.toString()}`;
  // After minutes of seeding the kept-alive socket may have been closed by the server: one retry.
  const get = () => fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const probe = await get().catch(get);
  const range = probe.headers.get('content-range') ?? '';
  const body = await probe.text();
  const limit = (call.range ? call.range[1] - call.range[0] : 24) + 1;
  const sql = `SELECT * FROM ${call.bare.table ?? 'documents'} WHERE resource = $1 AND company_id = $2${call.bare.where ? ` AND ${call.bare.where}` : ''}
    ORDER BY ${call.bare.order} LIMIT ${limit} OFFSET ${call.bare.offset ?? 0}`;
  const sqlMs = await timeIt(() => db.query(sql, [RESOURCE, COMPANY]));
  if (probe.status !== 200)
    return { api: `${probe.status} ${(JSON.parse(body) as { errorCode?: string }).errorCode ?? ''}`, sql: sqlMs, range };
  const api = await timeIt(async () => {
    const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (reply.status !== 200) throw new Error(`${call.name}: ${reply.status}`);
    await reply.text();
  });
  return { api, sql: sqlMs, range };
}

/** A plan list call (plan-lists.ts) beside the bare read of its own table's page. */
async function measurePlan(
  base: string,
  tokens: Tokens,
  db: SqlExecutor,
  call: PlanCall,
  project: string,
  tender: string,
): Promise<Measured> {
  const token = tokens[call.as ?? 'officer'];
  const params = new URLSearchParams({ range: JSON.stringify(call.range ?? [0, 24]), ...call.query });
  if (call.filter) params.set('filter', JSON.stringify(call.filter));
  const url = `${base}${call.path.replace('{project}', project).replace('{tender}', tender)}?${params.toString()}`;
  const get = () => fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const probe = await get().catch(get);
  const range = probe.headers.get('content-range') ?? '';
  const body = await probe.text();
  const limit = (call.range ? call.range[1] - call.range[0] : 24) + 1;
  const owner =
    call.bare.ownerValue ??
    (call.bare.owner === 'project_id'
      ? project
      : call.bare.owner === 'tender_id'
        ? tender
        : call.bare.owner === 'status'
          ? 2
          : call.bare.owner === 'shown'
            ? true
            : COMPANY);
  const sql = `SELECT * FROM ${call.bare.table} WHERE ${call.bare.owner === 'shown' ? 'true' : call.bare.owner} = $1${call.bare.where ? ` AND ${call.bare.where}` : ''} ORDER BY ${call.bare.order} LIMIT ${limit} OFFSET ${call.bare.offset ?? 0}`;
  const sqlMs = await timeIt(() => db.query(sql, [owner]));
  if (probe.status !== 200)
    return { api: `${probe.status} ${(JSON.parse(body) as { errorCode?: string }).errorCode ?? ''}`, sql: sqlMs, range };
  const api = await timeIt(async () => {
    const reply = await get();
    if (reply.status !== 200) throw new Error(`${call.name}: ${reply.status}`);
    await reply.text();
  });
  return { api, sql: sqlMs, range };
}

const fmt = (ms: number | string) => (typeof ms === 'string' ? ms : ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
const ratio = (ms: number | string, first: number | string) =>
  typeof ms === 'number' && typeof first === 'number' ? ` (${(ms / first).toFixed(1)}x)` : '';

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'binaan-bench-lists-'));
  const database = `binaan_bench_lists_${process.pid}_${randomBytes(3).toString('hex')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'production' };
  if (STORE === 'postgres') {
    await onDatabase((client) => client.query(`CREATE DATABASE ${database}`));
    const url = new URL(ADMIN_URL);
    url.pathname = `/${database}`;
    Object.assign(env, { DATABASE_URL: url.toString(), DATABASE_SCHEMA: 'api' });
  }
  const calls = ONLY ? CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : CALLS;
  const planCalls = ONLY ? PLAN_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : PLAN_CALLS;
  const tenderingCalls = ONLY ? TENDERING_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : TENDERING_CALLS;
  // Only when named (BENCH_CALLS=company): their million companies would change the documents' sort by company name.
  const companyCalls = ONLY ? COMPANY_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // And the catalogue's (BENCH_CALLS=catalogue).
  const catalogueCalls = ONLY ? CATALOGUE_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // And the inventory's (BENCH_CALLS=inventory).
  const inventoryCalls = ONLY ? INVENTORY_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // And the business network's and the vendor appraisals' (BENCH_CALLS=network).
  const networkCalls = ONLY ? NETWORK_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // Likewise the public directory's (BENCH_CALLS=directory).
  const directoryCalls = ONLY ? DIRECTORY_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // And a company's machinery (BENCH_CALLS=profile).
  const profileCalls = ONLY ? PROFILE_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // And a company's setups (BENCH_CALLS=setup).
  const setupCalls = ONLY ? SETUP_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  // And the platform's own lists (BENCH_CALLS=platform).
  const platformCalls = ONLY ? PLATFORM_CALLS.filter((call) => call.name.toLowerCase().includes(ONLY)) : [];
  const app = await createApp(loadConfig(env), { logger: false });
  try {
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address();
    if (address === null || typeof address === 'string') throw new Error('the API has no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    await seedDemoData(app.get<EventStore>(EVENT_STORE), app.get(LookupKeys));
    const db = app.get<SqlExecutor>(READ_MODELS);
    const token = await signIn({ base }, 'kumar@teguhbina.my', DEMO_PASSWORD, COMPANY);
    const tokens: Tokens = {
      officer: token,
      companyAdmin: await signIn({ base }, 'aminah@teguhbina.my', DEMO_PASSWORD, COMPANY),
      platformAdmin: await signIn({ base }, 'admin@binaan.my', DEMO_PASSWORD, COMPANY),
    };
    const results: Measured[][] = [];
    const project = SCAN_PROJECT;
    const kumarId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    // The project of the scans and of the requests (the tendering calls read its Requests tab).
    if (planCalls.length > 0 || tenderingCalls.length > 0 || inventoryCalls.length > 0)
      for (const sql of scanProjectSql(kumarId)) await run(db, env.DATABASE_URL, sql);
    // A tender in the store (made through the API, as Kumar would), whose query board is grown and read.
    const tender = tenderingCalls.length > 0 ? (await createDocument({ base }, 'tender', token, benchTenderBody())).id : '';
    let grown = 0;
    for (const size of SIZES) {
      const started = Date.now();
      // Only what the chosen calls read is grown (BENCH_CALLS naming plan lists only skips the tenders).
      if (calls.length > 0) await growDocuments(db, grown, size, env.DATABASE_URL);
      if (planCalls.length > 0) for (const sql of growPlansSql(grown, size, project)) await run(db, env.DATABASE_URL, sql);
      if (tenderingCalls.length > 0) for (const sql of growTenderingSql(grown, size, tender, project)) await run(db, env.DATABASE_URL, sql);
      if (companyCalls.length > 0) for (const sql of growCompanySql(grown, size)) await run(db, env.DATABASE_URL, sql);
      if (directoryCalls.length > 0) for (const sql of growDirectorySql(grown, size)) await run(db, env.DATABASE_URL, sql);
      if (profileCalls.length > 0) for (const sql of growProfileSql(COMPANY, grown, size)) await run(db, env.DATABASE_URL, sql);
      if (setupCalls.length > 0) for (const sql of growSetupsSql(grown, size)) await run(db, env.DATABASE_URL, sql);
      if (catalogueCalls.length > 0) for (const sql of growCatalogueSql(grown, size)) await run(db, env.DATABASE_URL, sql);
      if (inventoryCalls.length > 0) for (const sql of growInventorySql(grown, size)) await run(db, env.DATABASE_URL, sql);
      if (networkCalls.length > 0) for (const sql of growNetworkSql(grown, size)) await run(db, env.DATABASE_URL, sql);
      if (platformCalls.length > 0) for (const sql of growPlatformSql(grown, size)) await run(db, env.DATABASE_URL, sql);
      grown = size;
      if (calls.length > 0) await analyze(db, env.DATABASE_URL);
      if (planCalls.length > 0) for (const sql of PLAN_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (tenderingCalls.length > 0) for (const sql of TENDERING_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (companyCalls.length > 0) for (const sql of COMPANY_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (directoryCalls.length > 0) for (const sql of DIRECTORY_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (profileCalls.length > 0) for (const sql of PROFILE_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (setupCalls.length > 0) for (const sql of SETUP_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (catalogueCalls.length > 0) for (const sql of CATALOGUE_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (inventoryCalls.length > 0) for (const sql of INVENTORY_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (networkCalls.length > 0) for (const sql of NETWORK_ANALYZE) await run(db, env.DATABASE_URL, sql);
      if (platformCalls.length > 0) for (const sql of PLATFORM_ANALYZE) await run(db, env.DATABASE_URL, sql);
      console.log(
        `\n${STORE}: ${size.toLocaleString('en')} ${calls.length > 0 ? 'tenders' : 'plans, scans, invitations, tenderers, queries, members, registrations, directory companies and platform list rows'} of ${COMPANY} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      const row: Measured[] = [];
      for (const call of calls) {
        const measured = await measure(base, token, db, call);
        row.push(measured);
        console.log(`  ${call.name}: API ${fmt(measured.api)} ms, SQL ${fmt(measured.sql)} ms, Content-Range ${measured.range}`);
      }
      for (const call of [
        ...planCalls,
        ...tenderingCalls,
        ...companyCalls,
        ...directoryCalls,
        ...profileCalls,
        ...setupCalls,
        ...catalogueCalls,
        ...inventoryCalls,
        ...networkCalls,
        ...platformCalls,
      ]) {
        const measured = await measurePlan(base, tokens, db, call, project, tender);
        row.push(measured);
        console.log(`  ${call.name}: API ${fmt(measured.api)} ms, SQL ${fmt(measured.sql)} ms, Content-Range ${measured.range}`);
      }
      results.push(row);
    }
    console.log(
      `\n| list call (${calls.length > 0 ? `GET /api/documents/${RESOURCE}` : 'plan lists'}, ${STORE}, median of ${RUNS}) | ${SIZES.map((s) => `API at ${s.toLocaleString('en')}`).join(' | ')} | ${SIZES.map((s) => `bare SQL at ${s.toLocaleString('en')}`).join(' | ')} |`,
    );
    console.log(`|---|${SIZES.map(() => '---|').join('')}${SIZES.map(() => '---|').join('')}`);
    [
      ...calls,
      ...planCalls,
      ...tenderingCalls,
      ...companyCalls,
      ...directoryCalls,
      ...profileCalls,
      ...setupCalls,
      ...catalogueCalls,
      ...inventoryCalls,
      ...networkCalls,
      ...platformCalls,
    ].forEach((call, i) => {
      const api = results.map((row) => `${fmt(row[i]!.api)}${ratio(row[i]!.api, results[0]![i]!.api)}`);
      const sql = results.map((row) => `${fmt(row[i]!.sql)}${ratio(row[i]!.sql, results[0]![i]!.sql)}`);
      console.log(`| ${call.name} | ${api.join(' | ')} | ${sql.join(' | ')} |`);
    });
  } finally {
    await app.close();
    // BENCH_KEEP=1 keeps the PostgreSQL database, to EXPLAIN a call afterwards (drop it by hand).
    if (STORE === 'postgres' && !process.env.BENCH_KEEP)
      await onDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    else if (STORE === 'postgres') console.log(`kept ${database}`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

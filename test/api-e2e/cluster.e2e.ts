// The built product with API_WORKERS=2 on PostgreSQL (apps/api/src/cluster.ts): one port served by two
// worker processes under a primary. Every call below opens a connection of its own, and node:cluster hands
// new connections to the workers in turn, so consecutive steps run in different processes: a token made by
// one is honoured by the other, a document written by one is acted on by the other from its If-Match, a
// session ended in one is refused in both, and the first worker's reactor raises the notification. A worker
// killed is replaced while the other serves. SIGTERM to the primary stops everything. PGlite refuses more than one worker with a clear message.

import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/api/src/demo/demo-data.js';
import { call, childrenOf, MAIN, started } from './cluster-support.js';
import { TEST_DATABASE_URL } from './support.js';

const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A text reply (the metrics' format), on a connection of its own. */
function text(port: number, path: string, token: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'close', authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${path} answered ${res.statusCode}: ${body}`))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function signIn(port: number, email: string): Promise<string> {
  const login = await call(port, 'POST', '/api/login', undefined, { email, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const chosen = await call(port, 'GET', '/api/company/choose/teguh-bina', login.body.jwtToken as string);
  expect(chosen.status).toBe(200);
  return chosen.body.jwtToken as string;
}

describe('API_WORKERS', () => {
  it('above 1 on PGlite: a clear refusal, no stack trace', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'binaan-cluster-pglite-'));
    folders.push(dataDir);
    const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', API_WORKERS: '2', DATABASE_URL: '' };
    const refused = spawnSync(process.execPath, [MAIN], { env, encoding: 'utf8', timeout: 60_000 });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('API_WORKERS above 1 needs DATABASE_URL (PostgreSQL)');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});

const onPostgres = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) console.log('the cluster test did not run: TEST_DATABASE_URL is not set (npm test sets it).');

onPostgres(`two API workers on PostgreSQL${TEST_DATABASE_URL ? '' : ' (skipped: needs TEST_DATABASE_URL, which npm test sets)'}`, () => {
  const schema = `cluster_${randomBytes(5).toString('hex')}`;
  const metricsToken = randomBytes(12).toString('hex');

  afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('serve one port in turn: tokens, documents and sessions hold across them; SIGTERM stops all', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'binaan-cluster-'));
    folders.push(dataDir);
    const primary = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: TEST_DATABASE_URL!,
        DATABASE_SCHEMA: schema,
        DATA_DIR: dataDir,
        PORT: '0',
        API_WORKERS: '2',
        DEMO_DATA: 'on',
        NODE_ENV: 'test',
        METRICS_TOKEN: metricsToken,
      },
    });
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    try {
      const port = await started(primary);
      const workers = childrenOf(primary.pid!);
      expect(workers).toHaveLength(2);

      const kumar = await signIn(port, 'kumar@teguhbina.my');
      const lim = await signIn(port, 'lim@teguhbina.my');
      // A purchase order walked one step per connection, so from one worker to the other and back.
      const created = await call(port, 'POST', '/api/documents/purchaseOrder', kumar, {
        title: 'Cluster order',
        counterpartyCompanyId: 'mutiara-supplies',
        items: [{ description: 'Cement 50 kg', unit: 'bag', quantity: '100', rate: '21.50' }],
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      for (let i = 0; i < 2; i++) expect((await call(port, 'GET', `/api/documents/purchaseOrder/${id}`, kumar)).body.revision).toBe(1);
      const requested = await call(
        port,
        'POST',
        `/api/documents/purchaseOrder/${id}/actions/Request_Approve`,
        kumar,
        {},
        { 'if-match': '"1"' },
      );
      expect(requested.status).toBe(200);
      const revision = requested.body.revision as number;
      // Both workers see the new revision at once: a stale If-Match is refused by either, the right one accepted.
      for (let i = 0; i < 2; i++) {
        const stale = await call(port, 'POST', `/api/documents/purchaseOrder/${id}/actions/Approve`, lim, {}, { 'if-match': '"1"' });
        expect(stale.status).toBe(409);
      }
      const approved = await call(
        port,
        'POST',
        `/api/documents/purchaseOrder/${id}/actions/Approve`,
        lim,
        {},
        { 'if-match': `"${revision}"` },
      );
      expect(approved.status).toBe(200);
      for (let i = 0; i < 2; i++) {
        const read = await call(port, 'GET', `/api/documents/purchaseOrder/${id}`, kumar);
        expect(read.body).toMatchObject({ revision: approved.body.revision, status: approved.body.status });
      }
      const history = await call(port, 'GET', `/api/documents/purchaseOrder/${id}/history`, kumar);
      expect((history.body as unknown as { action: string }[]).map((row) => row.action)).toEqual([
        'Draft',
        'Create',
        'Request_Approve',
        'Approve',
      ]);

      // The first worker's reactor told lim about the request, whichever worker recorded it.
      const deadline = Date.now() + 20_000;
      let told = false;
      while (!told && Date.now() < deadline) {
        const list = await call(port, 'GET', '/api/application/user-event-list?start=0&length=20', lim);
        told = (list.body.events as { src_id?: string; srcId?: string }[]).some((event) => JSON.stringify(event).includes(id));
        if (!told) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(told).toBe(true);

      // Signed out on one worker: refused on both (each drops its cached caller on the other's append).
      expect((await call(port, 'POST', '/api/users/logout', kumar, {})).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (let i = 0; i < 2; i++) expect((await call(port, 'GET', `/api/documents/purchaseOrder/${id}`, kumar)).status).toBe(401);

      // /metrics answers for the whole cluster whichever worker takes the scrape (the primary sums them all):
      // 6 health checks spread over both workers are 6 in every scrape, not about 3 in each.
      for (let i = 0; i < 6; i++) expect((await call(port, 'GET', '/api/health')).status).toBe(200);
      const scrapes = await Promise.all([0, 1, 2, 3].map(() => text(port, '/metrics', metricsToken)));
      const health = scrapes.map((scrape) =>
        Number(/^binaan_http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m.exec(scrape)?.[1]),
      );
      expect(health).toEqual([6, 6, 6, 6]);
      expect(scrapes[0]).toMatch(/^binaan_subscription_lag_events\{subscription="notifications"\} \d+$/m);

      // A worker that dies is replaced, and the port keeps answering meanwhile (the other worker).
      let printed = '';
      primary.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
      process.kill(workers[1]!, 'SIGKILL');
      // (node:cluster can lose a connection handed to a worker in the moment before the primary hears of its
      // death, a Node limit: the calls start once the primary has said so.)
      const heard = Date.now() + 20_000;
      while (!/API worker \d ended \(SIGKILL\)/.test(printed) && Date.now() < heard)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(printed).toMatch(/API worker \d ended \(SIGKILL\); starting another/);
      for (let i = 0; i < 4; i++) expect((await call(port, 'GET', '/api/health')).status).toBe(200);
      const replaced = Date.now() + 60_000;
      let now = childrenOf(primary.pid!);
      while (!(now.length === 2 && !now.includes(workers[1]!)) && Date.now() < replaced) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        now = childrenOf(primary.pid!);
      }
      expect(now).toHaveLength(2);
      expect(now).toContain(workers[0]);
      expect(now).not.toContain(workers[1]);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (let i = 0; i < 4; i++) expect((await call(port, 'GET', '/api/health')).status).toBe(200);
    } finally {
      primary.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(childrenOf(primary.pid!)).toEqual([]);
  }, 240_000);
});

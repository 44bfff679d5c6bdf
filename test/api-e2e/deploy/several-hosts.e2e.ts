// Several hosts: infra/deploy/nginx/binaan.conf run by Debian's nginx on a loopback
// port in front of three built API instances (three processes, as three machines would run them) on one
// PostgreSQL schema, sharing only the database and the secrets. Shown: the approver signs in on instance A;
// the request for approval made through B is pushed to the approver's websockets held on C and through
// nginx; the token from A approves through B; nginx spreads calls over all three and its request id reaches the instance's log; and (once shared
// rate limits are merged) one caller's budget holds across the instances.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../../apps/api/src/demo/demo-data.js';
import { channelUrl, connect, until, type Channel } from '../notifications/channel.js';
import { REPOSITORY, TEST_DATABASE_URL } from '../support.js';
import { call } from '../cluster-support.js';

const MAIN = join(REPOSITORY, 'apps/api/dist/main.js');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));
// i14sides' shared limits (rate limits in PostgreSQL): until they are merged, each instance counts alone.
const LIMIT = 6;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

type Instance = { name: string; port: number; child: ChildProcess; output: string };

function startInstance(name: string, port: number, env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env, PORT: String(port) } });
  const instance: Instance = { name, port, child, output: '' };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not running within 240 s: ${instance.output.slice(-2000)}`)), 240_000);
    const read = (chunk: Buffer) => {
      instance.output += chunk.toString();
      if (instance.output.includes('Binaan is running at')) {
        clearTimeout(timer);
        resolve(instance);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before running: ${instance.output.slice(-2000)}`)));
  });
}

async function signIn(port: number, email: string): Promise<{ token: string; readOnly: string }> {
  const login = await call(port, 'POST', '/api/login', undefined, { email, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const chosen = await call(port, 'GET', '/api/company/choose/teguh-bina', login.body.jwtToken as string);
  expect(chosen.status).toBe(200);
  return { token: chosen.body.jwtToken as string, readOnly: chosen.body.readOnlyJwtToken as string };
}

const runs = Boolean(TEST_DATABASE_URL && NGINX);
// A skip says why in its title, which npm test's summary lists (infra/scripts/test-summary.mjs).
const skipped = runs
  ? ''
  : ` (skipped: ${TEST_DATABASE_URL ? 'nginx is not installed; npm test installs it' : 'needs TEST_DATABASE_URL, which npm test sets'})`;

(runs ? describe : describe.skip)(`three API instances behind nginx on one PostgreSQL${skipped}`, () => {
  const schema = `hosts_${randomBytes(5).toString('hex')}`;
  const folder = mkdtempSync(join(tmpdir(), 'binaan-hosts-'));
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;
  let front = 0;
  const sockets: Channel[] = [];

  beforeAll(async () => {
    const shared = {
      DATABASE_URL: TEST_DATABASE_URL!,
      DATABASE_SCHEMA: schema,
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(24).toString('hex'),
      CODE_HMAC_KEY: randomBytes(24).toString('hex'),
      HUMAN_CHECK_HMAC_KEY: randomBytes(24).toString('hex'),
      PERSONAL_DATA_MASTER_KEY: randomBytes(32).toString('base64'),
      // The e-mail and mobile lookups are keyed by this HMAC key: every host must share it.
      LOOKUP_HMAC_KEY: randomBytes(32).toString('base64'),
      PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      TRUST_PROXY: '127.0.0.1',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    front = await freePort();
    const dataDir = (name: string) => {
      const dir = join(folder, name);
      mkdirSync(dir);
      return dir;
    };
    // A migrates and seeds the demo; B and C join the same database as other machines would.
    instances.push(await startInstance('A', ports[0]!, { ...shared, DATA_DIR: dataDir('a'), DEMO_DATA: 'on' }));
    instances.push(
      ...(await Promise.all([
        startInstance('B', ports[1]!, { ...shared, DATA_DIR: dataDir('b'), DEMO_DATA: 'off' }),
        startInstance('C', ports[2]!, { ...shared, DATA_DIR: dataDir('c'), DEMO_DATA: 'off' }),
      ])),
    );

    // The repository's nginx files, with their /etc/nginx/binaan/ paths and port made this run's.
    const conf = join(folder, 'nginx');
    mkdirSync(join(conf, 'temp'), { recursive: true });
    copyFileSync(join(REPOSITORY, 'infra/deploy/nginx/compression.conf'), join(conf, 'compression.conf'));
    writeFileSync(join(conf, 'instances.conf'), ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;\n`).join(''));
    const site = readFileSync(join(REPOSITORY, 'infra/deploy/nginx/binaan.conf'), 'utf8');
    expect(site).toContain('listen 80;');
    writeFileSync(
      join(conf, 'binaan.conf'),
      site.replaceAll('/etc/nginx/binaan/', `${conf}/`).replace('listen 80;', `listen 127.0.0.1:${front};`),
    );
    const temp = join(conf, 'temp');
    writeFileSync(
      join(conf, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${conf}/nginx.pid;`,
        `error_log ${conf}/error.log;`,
        'events {}',
        `http { access_log ${conf}/access.log; client_body_temp_path ${temp}/body; proxy_temp_path ${temp}/proxy; fastcgi_temp_path ${temp}/fastcgi; uwsgi_temp_path ${temp}/uwsgi; scgi_temp_path ${temp}/scgi; include ${conf}/binaan.conf; }`,
      ].join('\n'),
    );
    const checked = spawnSync(NGINX!, ['-t', '-p', conf, '-c', join(conf, 'nginx.conf')], { encoding: 'utf8' });
    expect(checked.stderr).toContain('test is successful');
    nginx = spawn(NGINX!, ['-p', conf, '-c', join(conf, 'nginx.conf')], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while ((await call(front, 'GET', '/api/health/live').catch(() => ({ status: 0 }))).status !== 200) {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${readFileSync(join(conf, 'error.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 600_000);

  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    nginx?.kill('SIGTERM');
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise((resolve) => {
            instance.child.once('exit', resolve);
            instance.child.kill('SIGTERM');
          }),
      ),
    );
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it("signs in on A, acts through B, and pushes the approver's notification on sockets held on C and through nginx", async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    // Lim (the approver) signs in on A and holds two sockets: one on C, one through nginx.
    const lim = await signIn(a.port, 'lim@teguhbina.my');
    sockets.push(await connect(channelUrl(c.port, lim.readOnly)), await connect(channelUrl(front, lim.readOnly)));
    // Kumar, through nginx, makes an order and asks for its approval through B.
    const kumar = await signIn(front, 'kumar@teguhbina.my');
    const created = await call(front, 'POST', '/api/documents/purchaseOrder', kumar.token, {
      title: 'Several hosts order',
      counterpartyCompanyId: 'mutiara-supplies',
      items: [{ description: 'Cement 50 kg', unit: 'bag', quantity: '40', rate: '21.50' }],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const requested = await call(
      b.port,
      'POST',
      `/api/documents/purchaseOrder/${id}/actions/Request_Approve`,
      kumar.token,
      {},
      { 'if-match': '"1"' },
    );
    expect(requested.status).toBe(200);
    // The notification reaches both of lim's sockets, whichever instance recorded it.
    for (const socket of sockets) {
      const pushed = await until(() => socket.messages.find((received) => JSON.stringify(received.message).includes(id)), 30_000);
      expect(pushed.message.module).toBe('purchaseOrder');
    }
    // Lim's token from A approves through B.
    const approved = await call(
      b.port,
      'POST',
      `/api/documents/purchaseOrder/${id}/actions/Approve`,
      lim.token,
      {},
      { 'if-match': `"${requested.body.revision as number}"` },
    );
    expect(approved.status).toBe(200);
    expect((await call(c.port, 'GET', `/api/documents/purchaseOrder/${id}`, kumar.token)).body.revision).toBe(approved.body.revision);
  }, 120_000);

  it("spreads calls over the three, with nginx's request id on the instance's log line", async () => {
    const before = instances.map((instance) => instance.output.length);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const reply = await call(front, 'GET', '/api/health/live');
      expect(reply.status).toBe(200);
      ids.push(reply.headers['x-request-id'] as string);
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const served = instances.map((instance, i) => ids.filter((id) => instance.output.slice(before[i]).includes(`"reqId":"${id}"`)).length);
    expect(served.reduce((sum, n) => sum + n, 0)).toBe(6);
    for (const count of served) expect(count).toBeGreaterThan(0);
    // /metrics is not served to the public through nginx.
    expect((await call(front, 'GET', '/metrics')).status).toBe(404);
  });

  // The limits are kept in PostgreSQL (apps/api/src/limits/): per instance, 12 of 12 calls would pass.
  it(`holds one caller to ${LIMIT} lookups a minute across the three instances`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++)
      statuses.push((await call(front, 'GET', `/api/event-participant/view/${randomBytes(4).toString('hex')}/x/y`)).status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT);
  });
});

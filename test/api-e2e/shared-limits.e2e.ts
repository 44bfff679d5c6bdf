// Limits that must hold across API processes, on the built product with API_WORKERS=2
// on PostgreSQL. Every call opens a connection of its own and node:cluster hands new connections to the
// two workers in turn, so consecutive calls land in different processes. Kept per process, each of these
// would give a caller twice its budget; kept in PostgreSQL (apps/api/src/limits/) they give it once:
// - public lookups: PUBLIC_RATE_LIMIT_PER_MINUTE calls a minute in all, not per worker;
// - a solved human check passes once, not once per worker;
// - a sign-in lock-out after 5 failures holds on both workers (it is folded from the event store).
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { solveHumanCheck } from '../support/human-check.js';
import { call, childrenOf, MAIN, started } from './cluster-support.js';
import { TEST_DATABASE_URL } from './support.js';

const LIMIT = 6;
const onPostgres = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) console.log('the shared-limits cluster test did not run: TEST_DATABASE_URL is not set (npm test sets it).');

onPostgres(`limits across two API workers on PostgreSQL${TEST_DATABASE_URL ? '' : ' (skipped: needs TEST_DATABASE_URL)'}`, () => {
  const schema = `limits_${randomBytes(5).toString('hex')}`;
  let dataDir = '';

  afterAll(async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('hold the configured budget in all, not once per worker', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'binaan-limits-'));
    const primary = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: TEST_DATABASE_URL!,
        DATABASE_SCHEMA: schema,
        DATA_DIR: dataDir,
        PORT: '0',
        API_WORKERS: '2',
        DEMO_DATA: 'off',
        NODE_ENV: 'test',
        PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        HUMAN_CHECK_MAX_NUMBER: '1000',
      },
    });
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    try {
      const port = await started(primary);
      expect(childrenOf(primary.pid!)).toHaveLength(2);
      const base = `http://127.0.0.1:${port}`;

      // Twice the budget, one connection each: per worker, every one would pass (LIMIT on each).
      const statuses: number[] = [];
      let lastRetryAfter: unknown;
      for (let i = 0; i < 2 * LIMIT; i++) {
        const reply = await call(port, 'GET', '/api/test-get-transaction/no-such-transaction');
        statuses.push(reply.status);
        lastRetryAfter = reply.headers['retry-after'];
      }
      expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), ...Array<number>(LIMIT).fill(429)]);
      expect(Number(lastRetryAfter)).toBeGreaterThan(0);
      expect(Number(lastRetryAfter)).toBeLessThanOrEqual(60);

      // One solved challenge, offered to each worker in turn: it passes once.
      const token = await solveHumanCheck(base);
      const first = await call(port, 'POST', '/api/users/forgot-password', undefined, {
        email: 'nobody@example.com',
        response_token: token,
      });
      const again = await call(port, 'POST', '/api/users/forgot-password', undefined, {
        email: 'nobody@example.com',
        response_token: token,
      });
      expect([first.status, again.status, again.body.errorCode]).toEqual([200, 400, 'humanCheckFailed']);

      // Five failed sign-ins spread over both workers lock the e-mail on both.
      const email = `someone-${randomBytes(3).toString('hex')}@example.com`;
      for (let i = 0; i < 5; i++)
        expect((await call(port, 'POST', '/api/login', undefined, { email, password: `wrong-${i}` })).status).toBe(401);
      for (let i = 0; i < 2; i++) {
        const locked = await call(port, 'POST', '/api/login', undefined, { email, password: 'wrong-again' });
        expect([locked.status, locked.body.errorCode]).toEqual([429, 'accountLocked']);
      }
    } finally {
      primary.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 240_000);
});

// The built product as separate processes: the PGlite lock between two of them, the store command line
// tool (stats, verify that finds tampering, rebuild), and migrations applied once however often it starts.

import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openEventStore, type SqlEventStore } from '@binaan/event-store';
import { loadConfig } from '../../apps/api/src/config.js';
import { openConfiguredStore } from '../../apps/api/src/store/open-configured-store.js';
import { REPOSITORY, TEST_DATABASE_URL } from './support.js';

const MAIN = join(REPOSITORY, 'apps/api/dist/main.js');
const CLI = join(REPOSITORY, 'apps/api/dist/cli/store-cli.js');
const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

function waitForLine(child: ReturnType<typeof spawn>, pattern: RegExp, ms = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no "${pattern}" within ${ms} ms: ${output}`)), ms);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
  });
}

describe('two processes on one PGlite data directory', () => {
  it('the second exits with a clear message and the first keeps serving', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'binaan-lock-'));
    folders.push(dataDir);
    const first = spawn(process.execPath, [MAIN], { env: { ...process.env, DATA_DIR: dataDir, PORT: '0' } });
    try {
      await waitForLine(first, /Binaan is running/);
      const second = spawnSync(process.execPath, [MAIN], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(
        `Binaan cannot start: the data directory ${dataDir} is in use by another Binaan process (pid ${first.pid})`,
      );
      expect(second.stderr).not.toMatch(/\n\s+at /);
      expect(first.exitCode).toBeNull();
    } finally {
      first.kill('SIGTERM');
      await new Promise((resolve) => first.once('exit', resolve));
    }
    // The lock went with the first process: a new one starts.
    const third = spawn(process.execPath, [MAIN], { env: { ...process.env, DATA_DIR: dataDir, PORT: '0' } });
    try {
      await waitForLine(third, /Binaan is running/);
    } finally {
      third.kill('SIGTERM');
      await new Promise((resolve) => third.once('exit', resolve));
    }
  }, 120_000);
});

const onPostgres = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) console.log('store command line tests did not run: TEST_DATABASE_URL is not set (npm test sets it).');

onPostgres(
  `the store command line tool on PostgreSQL${TEST_DATABASE_URL ? '' : ' (skipped: needs TEST_DATABASE_URL, which npm test sets)'}`,
  () => {
    const schema = `cli_${randomBytes(5).toString('hex')}`;
    const env = { ...process.env, DATABASE_URL: TEST_DATABASE_URL!, DATABASE_SCHEMA: schema };
    const cli = (verb: string) => spawnSync(process.execPath, [CLI, verb], { env, encoding: 'utf8', timeout: 60_000 });

    afterAll(async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    });

    it('applies migrations once, however often the store is opened', async () => {
      const config = loadConfig(env);
      for (let i = 0; i < 2; i++) await (await openConfiguredStore(config)).store.close();
      const { store } = await openEventStore({
        migrationsDir: config.migrationsDir,
        databaseUrl: TEST_DATABASE_URL!,
        databaseSchema: schema,
      });
      const rows = await (store as SqlEventStore).db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      // Each migration file's version once, in order, however many the folder holds.
      const files = readdirSync(config.migrationsDir).filter((name) => /^\d{4}_.*\.sql$/.test(name));
      expect(files.length).toBeGreaterThanOrEqual(6);
      expect(rows.map((row) => Number(row.version))).toEqual(files.map((name) => Number(name.slice(0, 4))).sort((a, b) => a - b));
      await store.close();
    });

    it('stats, verify (finds a tampered event and exits 1), rebuild (restores the read model)', async () => {
      const { store } = await openConfiguredStore(loadConfig(env));
      const sql = (store as SqlEventStore).db;
      for (let i = 0; i < 3; i++) {
        await store.append({
          streamId: `claim-${i}`,
          streamType: 'claim',
          expectedRevision: 'no_stream',
          events: [
            { type: 'ClaimCreated', data: { amount: '10.00' } },
            { type: 'ClaimSubmitted', data: {} },
          ],
        });
      }
      await store.append({
        streamId: 'po-1',
        streamType: 'order',
        expectedRevision: 'no_stream',
        events: [{ type: 'OrderCreated', data: {} }],
      });

      const stats = cli('stats');
      expect(stats.status).toBe(0);
      expect(stats.stdout).toMatch(/7 events in 4 streams/);
      expect(stats.stdout).toMatch(/claim\s+3\s+6/);

      expect(cli('verify').status).toBe(0);
      await sql.script(`BEGIN; ALTER TABLE events DISABLE TRIGGER USER;
      UPDATE events SET data = '{"amount":"99999.00"}' WHERE stream_id = 'claim-1' AND revision = 0;
      ALTER TABLE events ENABLE TRIGGER USER; COMMIT;`);
      const verify = cli('verify');
      expect(verify.status).toBe(1);
      expect(verify.stdout).toContain('BROKEN claim-1 at revision 0');
      expect(verify.stdout).toContain('1 broken');

      await sql.query('DELETE FROM audit_trail');
      const rebuild = cli('rebuild');
      expect(rebuild.status).toBe(0);
      expect(rebuild.stdout).toMatch(/Rebuilt audit-trail, .* from 7 events/);
      const [count] = await sql.query<{ n: string }>('SELECT COUNT(*) AS n FROM audit_trail');
      expect(Number(count!.n)).toBe(7);
      await store.close();
    }, 120_000);

    it('says how to use it when the verb is unknown', () => {
      const wrong = cli('frobnicate');
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain(
        'usage: npm run store -- <rebuild | verify | stats | backup <file> | restore <file> | keys-backup <file> | keys-restore <file> | rewrap-keys | forget <userId> --reason <text> | migrate-lookup-keys | create-admin <email> [--name "<full name>"] [--force]>',
      );
    });
  },
);

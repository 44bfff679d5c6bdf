// Backup and restore: `npm run store -- backup <file>` and `restore <file>`, through the built CLI as an
// operator runs it (each command once as a process; the refusals and the PostgreSQL restore run the same
// commands in this process). Given the demo data seeded on PGlite: back up, wipe the data folder, restore,
// and the log, the stream heads, the checkpoints and every read-model table are what they were; the same file
// restores into PostgreSQL too. A restore into a store that is not empty, from a file cut short, or from a
// file whose event was edited (its digest recomputed, so only the hash chain can tell) is refused with
// exit 2 and leaves the store as it was.

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@binaan/event-store';
import { loadConfig, type ApiConfig } from '../../apps/api/src/config.js';
import { seedDemo } from '../../apps/api/src/demo/demo-seed.js';
import { openConfiguredStore } from '../../apps/api/src/store/open-configured-store.js';
import { readModelSnapshot } from '../support/read-model-snapshot.js';
import { cliEnv, storeCliHere, type CliResult } from '../support/store-cli.js';
import { pgliteConfig, REPOSITORY, removeAppData, startApp, TEST_DATABASE_URL } from './support.js';

const CLI = join(REPOSITORY, 'apps/api/dist/cli/store-cli.js');

type StoreContents = { events: unknown[]; streams: unknown[]; checkpoints: unknown[]; readModels: Record<string, string[]> };

async function contents(sql: SqlExecutor): Promise<StoreContents> {
  const rows = async (text: string) => (await sql.query<{ row: unknown }>(text)).map(({ row }) => row);
  return {
    events: await rows(`SELECT to_jsonb(e) - 'tx_id' AS row FROM events e ORDER BY global_position`),
    streams: await rows(`SELECT to_jsonb(s) AS row FROM streams s ORDER BY stream_id`),
    checkpoints: await rows(`SELECT to_jsonb(c) AS row FROM subscription_checkpoints c ORDER BY name`),
    readModels: await readModelSnapshot(sql),
  };
}

async function contentsOf(config: ApiConfig): Promise<StoreContents> {
  const { store, sql } = await openConfiguredStore(config);
  try {
    return await contents(sql!.db);
  } finally {
    await store.close();
  }
}

/** The built CLI as an operator runs it: a process of its own. Each command is proved so once, in the first test. */
function storeCli(config: ApiConfig, ...args: string[]): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { env: cliEnv(config), encoding: 'utf8', timeout: 400_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The backup's lines, edited by `edit`, written back with the end line's digest recomputed to match. */
function rewrite(source: string, target: string, edit: (lines: string[]) => string[]): void {
  const lines = gunzipSync(readFileSync(source)).toString('utf8').trimEnd().split('\n');
  const body = edit(lines.slice(0, -1));
  const end = JSON.parse(lines[lines.length - 1]!) as { end: Record<string, unknown> };
  end.end.sha256 = createHash('sha256')
    .update(body.map((line) => `${line}\n`).join(''))
    .digest('hex');
  writeFileSync(target, gzipSync(`${[...body, JSON.stringify(end)].join('\n')}\n`));
}

describe('store backup and restore (the demo data on PGlite)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'binaan-backup-'));
  const file = join(folder, 'binaan.backup.gz');
  // The persons' keys go to their own file: without them the restored names read as erased.
  const keysFile = join(folder, 'binaan.keys.gz');
  let original: ApiConfig;
  let before: StoreContents;

  beforeAll(async () => {
    original = await pgliteConfig();
    const app = await startApp(original);
    await seedDemo(app);
    await app.close();
    before = await contentsOf(original);
  }, 600_000);
  afterAll(async () => {
    await removeAppData(original);
    rmSync(folder, { recursive: true, force: true });
  });

  it('backs up, and after the data folder is wiped restores the same log, heads, checkpoints and read models', async () => {
    expect(before.events.length).toBeGreaterThan(500);
    expect(before.checkpoints.length).toBeGreaterThan(0);
    const backup = storeCli(original, 'backup', file);
    expect(backup).toMatchObject({ status: 0 });
    expect(backup.output).toContain(`Backed up ${before.events.length} events in ${before.streams.length} streams`);
    const keys = storeCli(original, 'keys-backup', keysFile);
    expect(keys.output).toMatch(/Backed up [1-9]\d* personal data keys/);
    expect(keys.status).toBe(0);
    expect(gunzipSync(readFileSync(file)).toString('utf8')).not.toContain('wrapped_key');
    const secrets = readFileSync(join(original.dataDir, 'secrets.json'), 'utf8');

    rmSync(original.dataDir, { recursive: true, force: true });
    // The operator keeps the secrets (the master key among them) apart and puts them back first.
    mkdirSync(original.dataDir, { recursive: true });
    writeFileSync(join(original.dataDir, 'secrets.json'), secrets, { mode: 0o600 });
    expect(storeCli(original, 'keys-restore', keysFile).status).toBe(0);
    const restore = storeCli(original, 'restore', file);
    expect(restore.output).toContain('every chain is intact');
    expect(restore.output).toMatch(/Rebuilt .+ from \d+ events/);
    expect(restore.status).toBe(0);
    expect(await contentsOf(original)).toEqual(before);
  }, 600_000);

  it('restores into a store that is not empty: refused, nothing changed', async () => {
    const again = await storeCliHere(original, 'restore', file);
    expect(again.status).toBe(2);
    expect(again.output).toContain('the store is not empty');
    expect((await contentsOf(original)).events).toHaveLength(before.events.length);
  }, 400_000);

  it('refuses a restore and a keys-restore from a file that is not there (exit 2, a line saying so), the store untouched', async () => {
    const missing = join(folder, `missing-${randomBytes(4).toString('hex')}.gz`);
    for (const verb of ['restore', 'keys-restore']) {
      const refused = await storeCliHere(original, verb, missing);
      expect(refused.status).toBe(2);
      expect(refused.output).toContain(`store: no file to read at ${missing}`);
    }
    expect((await contentsOf(original)).events).toHaveLength(before.events.length);
  }, 400_000);

  it.each([
    [
      'cut short (no end line)',
      (source: string, target: string) =>
        writeFileSync(target, gzipSync(gunzipSync(readFileSync(source)).toString('utf8').split('\n').slice(0, 300).join('\n'))),
    ],
    [
      'an event edited, its digest recomputed',
      (source: string, target: string) =>
        rewrite(source, target, (lines) =>
          lines.map((line) =>
            line.includes('"e":') && line.includes('Quantity looks high')
              ? line.replace('Quantity looks high', 'Quantity looks fine')
              : line,
          ),
        ),
    ],
    [
      'an event removed, its digest recomputed',
      (source: string, target: string) =>
        rewrite(source, target, (lines) =>
          lines.filter((_, index) => index !== lines.findIndex((line) => line.includes('"e":') && line.includes('"revision":"1"'))),
        ),
    ],
  ])(
    'refuses a file %s and leaves the empty store empty',
    async (_, damage) => {
      const damaged = join(folder, `damaged-${randomBytes(4).toString('hex')}.gz`);
      damage(file, damaged);
      const target = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'binaan-restore-')), PORT: '0' });
      try {
        const restore = await storeCliHere(target, 'restore', damaged);
        expect(restore.status).toBe(2);
        expect(restore.output).toMatch(/cut short|does not match its hash|a revision is missing|does not link/);
        expect((await contentsOf(target)).events).toEqual([]);
      } finally {
        rmSync(target.dataDir, { recursive: true, force: true });
      }
    },
    400_000,
  );

  const onPostgres = TEST_DATABASE_URL ? it : it.skip;
  onPostgres(
    `restores the PGlite backup into PostgreSQL, and a backup of that is the same log${TEST_DATABASE_URL ? '' : ' (skipped: needs TEST_DATABASE_URL, which npm test sets)'}`,
    async () => {
      const target = loadConfig({
        DATABASE_URL: TEST_DATABASE_URL,
        DATABASE_SCHEMA: `backup_${randomBytes(5).toString('hex')}`,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'binaan-restore-pg-')),
        PORT: '0',
      });
      try {
        copyFileSync(join(original.dataDir, 'secrets.json'), join(target.dataDir, 'secrets.json'));
        expect((await storeCliHere(target, 'keys-restore', keysFile)).status).toBe(0);
        const restore = await storeCliHere(target, 'restore', file);
        expect(restore.status).toBe(0);
        expect(await contentsOf(target)).toEqual(before);
        const second = join(folder, 'from-postgres.gz');
        expect((await storeCliHere(target, 'backup', second)).status).toBe(0);
        const events = (path: string) =>
          gunzipSync(readFileSync(path))
            .toString('utf8')
            .split('\n')
            .filter((line) => line.startsWith('{"e":'));
        expect(events(second)).toEqual(events(file));
      } finally {
        await removeAppData(target);
      }
    },
    600_000,
  );
});

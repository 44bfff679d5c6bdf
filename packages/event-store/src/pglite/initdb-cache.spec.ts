// A new store from the cached initdb (PGLITE_INITDB_CACHE): the first open makes the file, later opens load
// it, and each store so made is a cluster of its own (what one writes, the other does not see), in memory
// and in a data folder alike; a folder that already holds a cluster is opened as it is, not overwritten.
import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGliteDatabase } from './pglite-database.js';

const folder = mkdtempSync(join(tmpdir(), 'binaan-initdb-cache-'));
const cache = join(folder, 'initdb.tar');
const before = process.env.PGLITE_INITDB_CACHE;

afterAll(() => {
  if (before === undefined) delete process.env.PGLITE_INITDB_CACHE;
  else process.env.PGLITE_INITDB_CACHE = before;
  rmSync(folder, { recursive: true, force: true });
});

describe('a new PGlite store from the cached initdb', () => {
  it('is made on first use, loaded after, and every store made from it is its own cluster', async () => {
    process.env.PGLITE_INITDB_CACHE = cache;
    const first = await PGliteDatabase.open();
    expect(statSync(cache).size).toBeGreaterThan(1_000_000);
    const made = statSync(cache).mtimeMs;
    const second = await PGliteDatabase.open(join(folder, 'store'));
    expect(statSync(cache).mtimeMs).toBe(made);
    expect(existsSync(join(folder, 'store', 'PG_VERSION'))).toBe(true);
    await first.script('CREATE TABLE only_in_first (n int); INSERT INTO only_in_first VALUES (1)');
    expect(await first.query('SELECT n FROM only_in_first')).toEqual([{ n: 1 }]);
    await expect(second.query('SELECT n FROM only_in_first')).rejects.toThrow(/does not exist/);
    await second.script('CREATE TABLE kept (n int); INSERT INTO kept VALUES (2)');
    await Promise.all([first.close(), second.close()]);
    // Opened again: the folder's own cluster, with what it holds.
    const again = await PGliteDatabase.open(join(folder, 'store'));
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 2 }]);
    await again.close();
    // A guard against a hang, not a speed check: a real initdb and three clusters took over a minute once,
    // beside two other jest files and lint on two cores.
  }, 240_000);
});

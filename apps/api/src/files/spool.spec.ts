// A refused upload leaves nothing in the spool folder, even when the refusal comes before the temporary
// file's open has finished (under load a `.part` was once left behind: the open created the file after the rm).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pbkdf2 } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FileTooLarge } from './file-store.port.js';
import { spool } from './spool.js';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'binaan-spool-'));
});
afterAll(async () => rm(folder, { recursive: true, force: true }));

/** Keeps three of libuv's four threads busy for a moment, so the open and the rm queue behind them. */
const busyThreads = () => Promise.all([1, 2, 3].map(() => new Promise((done) => pbkdf2('x', 'y', 20_000, 32, 'sha256', done))));

describe('spool', () => {
  it('a refusal in the first chunk leaves no temporary file, 100 times over with the thread pool busy', async () => {
    // Without waiting for the stream to close before the rm, about 6 in 100 were left behind here.
    const leftBehind: string[] = [];
    for (let attempt = 0; attempt < 100; attempt++) {
      const busy = busyThreads();
      await expect(spool(Readable.from([Buffer.alloc(2000, 65)]), folder, 1999)).rejects.toBeInstanceOf(FileTooLarge);
      await busy;
      leftBehind.push(...(await readdir(folder)).filter((name) => name.endsWith('.part')));
    }
    expect(leftBehind).toEqual([]);
  });

  it('a refusal by the check also leaves nothing, and a file within the limit is kept whole', async () => {
    const own = join(folder, 'checked');
    const refuse = () => {
      throw new Error('not this kind');
    };
    await expect(spool(Readable.from([Buffer.alloc(100, 1)]), own, 1000, refuse)).rejects.toThrow('not this kind');
    expect(await readdir(own)).toEqual([]);
    const kept = await spool(Readable.from([Buffer.alloc(100, 2)]), own, 1000);
    expect(kept.size).toBe(100);
    expect(await readdir(own)).toEqual([kept.path.split('/').pop()]);
  });
});

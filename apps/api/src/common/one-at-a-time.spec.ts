import { describe, expect, it } from '@jest/globals';
import { OneAtATime } from './one-at-a-time.js';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one at a time per key', () => {
  it("runs one key's work in the order it came, never overlapping; other keys do not wait", async () => {
    const turns = new OneAtATime();
    const log: string[] = [];
    const piece = (key: string, name: string, ms: number) =>
      turns.run(key, async () => {
        log.push(`${name} start`);
        await later(ms);
        log.push(`${name} end`);
        return name;
      });
    const done = await Promise.all([piece('a', 'a1', 30), piece('a', 'a2', 1), piece('b', 'b1', 1)]);
    expect(done).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 end')).toBeLessThan(log.indexOf('a1 end'));
  });

  it("a failure is its caller's alone: the next piece of the key still runs, and the key is let go after", async () => {
    const turns = new OneAtATime();
    const failed = turns.run('a', async () => {
      await later(5);
      throw new Error('refused');
    });
    const next = turns.run('a', async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    await later(0);
    expect((turns as unknown as { tails: Map<string, unknown> }).tails.size).toBe(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { PasswordHasher } from './password-hasher.js';

describe('password hasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = new PasswordHasher(1);
    const hashed = await hasher.hash('Correct#Horse9');
    expect(hashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hashed, 'Correct#Horse9')).toBe(true);
    expect(await hasher.verify(hashed, 'Correct#Horse8')).toBe(false);
    expect(await hasher.verify('not a hash', 'Correct#Horse9')).toBe(false);
  });

  it('an unknown account is never verified, but costs a verify', async () => {
    const hasher = new PasswordHasher(1);
    await hasher.verify(null, 'warm-up');
    const started = performance.now();
    expect(await hasher.verify(null, 'anything')).toBe(false);
    expect(performance.now() - started).toBeGreaterThan(2);
  });

  it('runs at most the given number of hashes at once, and all of them finish', async () => {
    const hasher = new PasswordHasher(1);
    const hashed = await hasher.hash('Correct#Horse9');
    let inFlight = 0;
    let peak = 0;
    const original = (hasher as unknown as { limited: <T>(work: () => Promise<T>) => Promise<T> }).limited.bind(hasher);
    (hasher as unknown as { limited: unknown }).limited = <T>(work: () => Promise<T>) =>
      original(async () => {
        peak = Math.max(peak, ++inFlight);
        try {
          return await work();
        } finally {
          inFlight--;
        }
      });
    const results = await Promise.all(Array.from({ length: 6 }, () => hasher.verify(hashed, 'Correct#Horse9')));
    expect(results).toEqual([true, true, true, true, true, true]);
    expect(peak).toBe(1);
  });
});

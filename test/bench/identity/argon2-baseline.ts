// The baseline: raw argon2id verify (@node-rs/argon2) of a hash made with PasswordHasher's parameters
// (algorithm 2 = Argon2id, the package's defaults: 19 MiB, 2 passes, 1 lane), measured in the same run.

import { hash, verify } from '@node-rs/argon2';
import { performance } from 'node:perf_hooks';
import { summarise, type Summary } from './stats.js';

// The package's Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

export type Argon2Baseline = {
  sequential: Summary;
  concurrency: number;
  ceilingPerSecond: number;
  ceilingSeconds: number;
  ceilingVerifies: number;
};

async function mustVerify(passwordHash: string, password: string): Promise<void> {
  if (!(await verify(passwordHash, password))) throw new Error('argon2 baseline: verify said no to the right password');
}

export async function measureArgon2(
  password: string,
  options: { sequential: number; concurrency: number; ceilingMs: number },
): Promise<Argon2Baseline> {
  const passwordHash = await hash(password, { algorithm: ARGON2ID });
  for (let i = 0; i < 5; i++) await mustVerify(passwordHash, password);

  const times: number[] = [];
  for (let i = 0; i < options.sequential; i++) {
    const start = performance.now();
    await mustVerify(passwordHash, password);
    times.push(performance.now() - start);
  }

  // The ceiling: `concurrency` verifiers back to back (each on a libuv pool thread) for a fixed time.
  const start = performance.now();
  const deadline = start + options.ceilingMs;
  let verifies = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) {
        await mustVerify(passwordHash, password);
        verifies++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    sequential: summarise(times),
    concurrency: options.concurrency,
    ceilingPerSecond: verifies / seconds,
    ceilingSeconds: seconds,
    ceilingVerifies: verifies,
  };
}

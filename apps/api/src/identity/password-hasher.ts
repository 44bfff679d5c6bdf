// argon2id (@node-rs/argon2) with its defaults (19 MiB, 2 passes, 1 lane: OWASP's recommendation).
// Unknown accounts are checked against a dummy hash so a wrong e-mail costs as much time as a wrong password.
//
// At most (cores - 1) hashes run at once, the rest queue here: left to libuv's pool (4 threads), a burst
// of sign-ins takes every core and starves the main thread, which serves every other request (and, on
// PGlite, runs the database). Measured with test/bench/identity: the sign-in ceiling on 2 cores rose
// from 19.7 to 28.0 per second and the p95 at 20 per second fell from 24.6 s to 0.4 s.

import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

export class PasswordHasher {
  private dummy: Promise<string> | null = null;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly maxConcurrent = Math.max(1, availableParallelism() - 1)) {}

  hash(password: string): Promise<string> {
    return this.limited(() => hash(password, { algorithm: ARGON2ID }));
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      this.dummy ??= this.hash('no account has this password: only the time counts');
      const dummy = await this.dummy;
      await this.limited(() => verify(dummy, password)).catch(() => false);
      return false;
    }
    return this.limited(() => verify(passwordHash, password)).catch(() => false);
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

// argon2id (@node-rs/argon2) with its defaults (19 MiB, 2 passes, 1 lane: OWASP's recommendation).
// Unknown accounts are checked against a dummy hash so a wrong e-mail costs as much time as a wrong password.

import { hash, verify } from '@node-rs/argon2';

// The package's Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID });
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      this.dummy ??= this.hash('no account has this password: only the time counts');
      await verify(await this.dummy, password).catch(() => false);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}

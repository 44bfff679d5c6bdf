// Codes and tokens: drawn from a cryptographic source, kept only as HMACs, compared in constant time.

import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isStrongPassword } from '@binaan/contracts';

/** Six digits for an SMS code: 000000 to 999999, uniformly. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** 128 random bits, URL-safe (22 characters): activation PINs, reset tokens, request ids. */
export function token128(): string {
  return randomBytes(16).toString('base64url');
}

// Crockford's base32: no I, L, O or U (nor i, l, o, u), so a password read from an e-mail is not mistyped.
const READABLE = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A temporary password set by an administrator: 28 symbols of 5 random bits (140 bits), in seven groups
 * of four joined by hyphens, the groups lower and upper case by turns ("k7qm-2XD9-..."), 34 characters.
 * Drawn again in the rare case it misses the password rule (no digit or no letter of a case), so it
 * passes the same checks as any password; the few draws refused cost far less than a bit.
 */
export function temporaryPassword(): string {
  for (;;) {
    const groups = Array.from({ length: 7 }, (_, group) => {
      const symbols = Array.from({ length: 4 }, () => READABLE[randomInt(0, READABLE.length)]!).join('');
      return group % 2 === 0 ? symbols.toLowerCase() : symbols;
    });
    const password = groups.join('-');
    if (isStrongPassword(password)) return password;
  }
}

export function seal(key: string, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\u0000')).digest('hex');
}

export function sealMatches(key: string, sealed: string, ...parts: string[]): boolean {
  const expected = Buffer.from(seal(key, ...parts), 'hex');
  const given = Buffer.from(sealed, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

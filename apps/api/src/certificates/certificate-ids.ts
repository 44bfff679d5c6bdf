// Identifiers that are safe to print on a certificate or put in a public URL: random, never counted.
// Certificate numbers carry 130 bits (26 Crockford base-32 characters from 17 random bytes), so nobody
// can guess one; registration and participant ids 128 bits. Tickets (the code the organizer's staff scan)
// are the registration id and an HMAC under the code key, so a ticket cannot be made from a certificate's
// public values, and nothing about tickets needs storing. The services take their ids from
// CERTIFICATE_IDS (random here); only the demo seed gives them fixed ones (demo/demo-certificates.seed.ts).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const newId = (): string => randomBytes(16).toString('base64url');

export function newCertificateNo(random: Buffer = randomBytes(17)): string {
  let bits = 0n;
  for (const byte of random) bits = (bits << 8n) | BigInt(byte);
  let out = '';
  for (let i = 0; i < 26; i++) {
    out = CROCKFORD[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return `BNC-${out}`;
}

/** Where the services get new ids and certificate numbers. */
export type CertificateIds = { id(): string; certificateNo(): string };
export const CERTIFICATE_IDS = Symbol('CERTIFICATE_IDS');
export const randomCertificateIds: CertificateIds = { id: newId, certificateNo: () => newCertificateNo() };

const ticketMac = (key: string, registrationId: string) =>
  createHmac('sha256', key).update(`event-ticket:${registrationId}`).digest('base64url').slice(0, 22);

export const ticketCode = (key: string, registrationId: string): string => `${registrationId}.${ticketMac(key, registrationId)}`;

/** The registration id a scanned ticket names, when its MAC is right; null for anything else. */
export function ticketRegistrationId(key: string, code: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/.exec(code.trim());
  if (!match) return null;
  const expected = Buffer.from(ticketMac(key, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}

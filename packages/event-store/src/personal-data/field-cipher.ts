// AES-256-GCM for personal fields (a data key per person) and for wrapping those data keys under a master
// key (envelope encryption: rotating the master key re-wraps the small data keys, never the events).
// The associated data binds a sealed value to its subject and field, so a value copied into another
// person's event or another field does not open.

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function newDataKey(): Buffer {
  return randomBytes(32);
}

export function sealBytes(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** Throws when the key is wrong or the bytes were changed. */
export function openBytes(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** A master key and its id (the id is stored beside each wrapped key, so rotation knows which opens it). */
export type MasterKey = { id: string; key: Buffer };

/** A master key from its secret (base64 or hex of 32 bytes, or any passphrase, hashed to 32 bytes). */
export function masterKeyFrom(secret: string): MasterKey {
  const decoded = /^[0-9a-f]{64}$/i.test(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'base64');
  const key = decoded.length === 32 ? decoded : createHash('sha256').update(secret, 'utf8').digest();
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 12), key };
}

export function wrapDataKey(master: MasterKey, subject: string, dataKey: Buffer): Buffer {
  return sealBytes(master.key, dataKey, `personal-data-key:${subject}`);
}

export function unwrapDataKey(master: MasterKey, subject: string, wrapped: Buffer): Buffer {
  return openBytes(master.key, wrapped, `personal-data-key:${subject}`);
}

// AES-256-GCM for personal fields (a data key per person) and for wrapping those data keys under a master
// key (envelope encryption: rotating the master key re-wraps the small data keys, never the events).
// The associated data binds a sealed value to its subject and field, so a value copied into another
// person's event or another field does not open.

import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function newDataKey(): Buffer {
  return randomBytes(32);
}

/** Random IVs drawn from the system in batches (a call per sealed field cost more than the sealing). */
const IV_POOL = 12 * 1024;
let ivPool = Buffer.alloc(0);
let ivAt = IV_POOL;

function nextIv(): Buffer {
  if (ivAt + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_POOL);
    ivAt = 0;
  }
  ivAt += IV_BYTES;
  return ivPool.subarray(ivAt - IV_BYTES, ivAt);
}

export function sealBytes(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = cipher.update(plain);
  const tail = cipher.final();
  return Buffer.concat([iv, body, tail, cipher.getAuthTag()], IV_BYTES + body.length + tail.length + TAG_BYTES);
}

/** Throws when the key is wrong or the bytes were changed. */
export function openBytes(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const body = decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES));
  // GCM gives everything from update; final only checks the tag (and throws when it does not match).
  const tail = decipher.final();
  return tail.length === 0 ? body : Buffer.concat([body, tail]);
}

/**
 * Deterministic sealing (the SIV idea, for seals "pd2:"): the IV is an HMAC of the associated data and the
 * plaintext under a key of its own, so the same value of the same person (same key, subject and fields)
 * seals to the same bytes, and a reader can remember what a seal opened to (a person's name and e-mail are
 * copied into dozens of events). Both keys come from the person's data key with HKDF (different `info`), so
 * the MAC key is never the encryption key and destroying the data key destroys both. Equality is all it
 * shows: two seals of one person are equal exactly when they hold the same values in the same fields;
 * across persons nothing (other keys), and the IV reveals no more (an HMAC is a PRF). Two different
 * plaintexts meeting on one 96-bit IV under one key (the only way GCM's nonce rule could break) needs
 * about 2^48 distinct values of one person. Not AES-GCM-SIV (RFC 8452), which Node's crypto does not offer.
 */
type SivKeys = { enc: Buffer; mac: Buffer };
const derived = (dataKey: Buffer, info: string) => Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), info, 32));
/** Per data key object, its derived keys of one seal version (made once a person, when first needed). */
function sivKeysFor(version: 'pd2' | 'pd3'): (dataKey: Buffer) => SivKeys {
  const made = new WeakMap<Buffer, SivKeys>();
  return (dataKey) => {
    let keys = made.get(dataKey);
    if (!keys) {
      keys = {
        enc: derived(dataKey, `binaan personal data ${version} encryption`),
        mac: derived(dataKey, `binaan personal data ${version} synthetic iv`),
      };
      made.set(dataKey, keys);
    }
    return keys;
  };
}
const sivKeysOf = sivKeysFor('pd2');
const siv3KeysOf = sivKeysFor('pd3');

/** HMAC-SHA256 of the associated data (its length first, so (aad, plaintext) pairs cannot run into one another) and the plaintext. */
function syntheticIv(mac: Buffer, ad: Buffer, plain: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(ad.length);
  return createHmac('sha256', mac).update(length).update(ad).update(plain).digest();
}

export function sealBytesDeterministic(dataKey: Buffer, plain: Buffer, aad: string): Buffer {
  const keys = sivKeysOf(dataKey);
  const ad = Buffer.from(aad, 'utf8');
  const iv = syntheticIv(keys.mac, ad, plain).subarray(0, IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.enc, iv);
  cipher.setAAD(ad);
  const body = cipher.update(plain);
  const tail = cipher.final();
  return Buffer.concat([iv, body, tail, cipher.getAuthTag()], IV_BYTES + body.length + tail.length + TAG_BYTES);
}

/** Opens what sealBytesDeterministic made (GCM's tag checks it; the IV is taken as stored). */
export function openBytesDeterministic(dataKey: Buffer, sealed: Buffer, aad: string): Buffer {
  return openBytes(sivKeysOf(dataKey).enc, sealed, aad);
}

/**
 * The seals written now ("pd3:"): SIV proper, Rogaway and Shrimpton's deterministic authenticated encryption
 * (RFC 5297's construction with HMAC-SHA256 for S2V): the synthetic IV, 16 bytes of an HMAC of the
 * associated data and the plaintext, is both the CTR counter block and the tag, so the seal carries no GCM
 * tag beside its IV (12 bytes fewer per event, 16 characters of base64url: the personal data bench measured the
 * rows' size as most of what sealing cost a replay). Opening decrypts, recomputes the HMAC and compares it
 * with the stored IV: a changed byte, another subject, other names or another key all fail that compare.
 * Its own keys (HKDF, other `info` than pd2's), so a key is never used in two modes.
 */
const SIV_BYTES = 16;

export function sealBytesSiv(dataKey: Buffer, plain: Buffer, aad: string): Buffer {
  const keys = siv3KeysOf(dataKey);
  const iv = syntheticIv(keys.mac, Buffer.from(aad, 'utf8'), plain).subarray(0, SIV_BYTES);
  const cipher = createCipheriv('aes-256-ctr', keys.enc, iv);
  const body = cipher.update(plain);
  const tail = cipher.final();
  return Buffer.concat([iv, body, tail], SIV_BYTES + body.length + tail.length);
}

/** Throws when the key, the associated data or the bytes are not the ones sealBytesSiv was given. */
export function openBytesSiv(dataKey: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < SIV_BYTES) throw new Error('sealed value too short');
  const keys = siv3KeysOf(dataKey);
  const iv = sealed.subarray(0, SIV_BYTES);
  const decipher = createDecipheriv('aes-256-ctr', keys.enc, iv);
  const body = decipher.update(sealed.subarray(SIV_BYTES));
  const tail = decipher.final();
  const plain = tail.length === 0 ? body : Buffer.concat([body, tail]);
  if (!timingSafeEqual(syntheticIv(keys.mac, Buffer.from(aad, 'utf8'), plain).subarray(0, SIV_BYTES), iv))
    throw new Error('sealed value does not authenticate');
  return plain;
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

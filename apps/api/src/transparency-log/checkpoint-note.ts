// A checkpoint as signed text: the C2SP tlog-checkpoint body inside a C2SP signed note
// (https://github.com/C2SP/C2SP/blob/main/tlog-checkpoint.md and signed-note.md). The exact bytes:
//
//   <origin>\n
//   <tree size, decimal>\n
//   <root hash, standard base64 with padding>\n
//   time <signing time, ISO 8601 UTC with milliseconds>\n      (an extension line: signed, optional to readers)
//   \n
//   — <key name> <base64(key id (4 bytes) || Ed25519 signature (64 bytes))>\n
//
// The signature is Ed25519 over the body (the first four lines, each with its \n). The key name is the
// origin; the key id is the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || the 32-byte public key),
// 0x01 being signed-note's Ed25519 signature type. "—" is U+2014 (UTF-8 E2 80 94). Pure.
import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

export type CheckpointBody = { origin: string; treeSize: number; rootHash: Buffer; time: string };

const SIGNATURE_PREFIX = '\u2014 ';
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function checkpointBody(body: CheckpointBody): string {
  if (!/^[^\s+]+$/.test(body.origin)) throw new Error('the origin has no spaces and no "+"');
  return `${body.origin}\n${body.treeSize}\n${body.rootHash.toString('base64')}\ntime ${body.time}\n`;
}

/** The signed-note key id: SHA-256(name || "\n" || 0x01 || public key)[0:4]. */
export function noteKeyId(keyName: string, publicKey: Buffer): Buffer {
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(`${keyName}\n`, 'utf8'), Buffer.from([0x01]), publicKey]))
    .digest()
    .subarray(0, 4);
}

/** The Ed25519 public key (32 bytes) of a JWK's base64url `x`. */
export const publicKeyBytes = (x: string): Buffer => Buffer.from(x, 'base64url');

const publicKeyObject = (x: string): KeyObject =>
  createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, publicKeyBytes(x)]), format: 'der', type: 'spki' });

/** The signed note of a body: the body, a blank line and one signature line. */
export function signNote(body: string, keyName: string, publicKeyX: string, privateKey: KeyObject): string {
  const signature = sign(null, Buffer.from(body, 'utf8'), privateKey);
  const keyId = noteKeyId(keyName, publicKeyBytes(publicKeyX));
  return `${body}\n${SIGNATURE_PREFIX}${keyName} ${Buffer.concat([keyId, signature]).toString('base64')}\n`;
}

export type ParsedCheckpoint = CheckpointBody & { body: string; signatures: { keyName: string; keyId: Buffer; signature: Buffer }[] };

/** Reads a signed checkpoint note; null when it is not one. */
export function parseCheckpointNote(note: string): ParsedCheckpoint | null {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return null;
  const body = note.slice(0, split + 1);
  const lines = body.slice(0, -1).split('\n');
  if (lines.length < 3) return null;
  const [origin, size, root] = lines as [string, string, string];
  if (!/^[0-9]+$/.test(size) || !/^[A-Za-z0-9+/]{43}=$/.test(root)) return null;
  const time =
    lines
      .slice(3)
      .find((line) => line.startsWith('time '))
      ?.slice(5) ?? '';
  const signatures = [];
  for (const line of note.slice(split + 2, -1).split('\n')) {
    if (!line.startsWith(SIGNATURE_PREFIX)) return null;
    const [keyName, encoded] = line.slice(SIGNATURE_PREFIX.length).split(' ');
    if (!keyName || !encoded) return null;
    const bytes = Buffer.from(encoded, 'base64');
    if (bytes.length < 5) return null;
    signatures.push({ keyName, keyId: bytes.subarray(0, 4), signature: bytes.subarray(4) });
  }
  return { origin, treeSize: Number(size), rootHash: Buffer.from(root, 'base64'), time, body, signatures };
}

/** Whether the note carries a valid signature by this key (name and public key `x`). */
export function verifyNote(note: string, keyName: string, publicKeyX: string): boolean {
  const parsed = parseCheckpointNote(note);
  if (!parsed) return false;
  const keyId = noteKeyId(keyName, publicKeyBytes(publicKeyX));
  return parsed.signatures.some(
    (s) =>
      s.keyName === keyName &&
      s.keyId.equals(keyId) &&
      s.signature.length === 64 &&
      verify(null, Buffer.from(parsed.body, 'utf8'), publicKeyObject(publicKeyX), s.signature),
  );
}

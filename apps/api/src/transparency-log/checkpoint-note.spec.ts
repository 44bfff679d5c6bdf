import { describe, expect, it } from '@jest/globals';
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { checkpointBody, noteKeyId, parseCheckpointNote, publicKeyBytes, signNote, verifyNote } from './checkpoint-note.js';
import { checkpointDue } from './checkpoint-schedule.js';
import { logKeyOf, newLogSigningKey } from './log-keys.js';

const key = () => logKeyOf(createPrivateKey({ key: Buffer.from(newLogSigningKey(), 'base64url'), format: 'der', type: 'pkcs8' }));
const root = createHash('sha256').update('root').digest();

describe('signed checkpoint notes', () => {
  it('signs exactly the C2SP body and carries the signed-note key id', () => {
    const k = key();
    const body = checkpointBody({ origin: 'example.com/log', treeSize: 12, rootHash: root, time: '2026-01-02T03:04:05.000Z' });
    expect(body).toBe(`example.com/log\n12\n${root.toString('base64')}\ntime 2026-01-02T03:04:05.000Z\n`);
    const note = signNote(body, 'example.com/log', k.publicKey, k.privateKey);
    const [, signatureLine] = note.split('\n\n');
    expect(signatureLine).toMatch(/^\u2014 example\.com\/log [A-Za-z0-9+/]+=*\n$/);
    const bytes = Buffer.from(signatureLine!.trim().split(' ')[2]!, 'base64');
    // key id: SHA-256(name || \n || 0x01 || public key)[0:4], then the signature over the body alone.
    const expectedId = createHash('sha256')
      .update(Buffer.concat([Buffer.from('example.com/log\n'), Buffer.from([1]), publicKeyBytes(k.publicKey)]))
      .digest()
      .subarray(0, 4);
    expect(bytes.subarray(0, 4)).toEqual(expectedId);
    expect(noteKeyId('example.com/log', publicKeyBytes(k.publicKey))).toEqual(expectedId);
    expect(bytes.subarray(4)).toEqual(sign(null, Buffer.from(body), k.privateKey));
    expect(createPublicKey(k.privateKey).export({ format: 'jwk' }).x).toBe(k.publicKey);
    expect(parseCheckpointNote(note)).toMatchObject({ origin: 'example.com/log', treeSize: 12, time: '2026-01-02T03:04:05.000Z' });
    expect(verifyNote(note, 'example.com/log', k.publicKey)).toBe(true);
  });

  it('refuses a note changed anywhere, signed by another key or under another name', () => {
    const k = key();
    const note = signNote(
      checkpointBody({ origin: 'example.com/log', treeSize: 12, rootHash: root, time: 't' }),
      'example.com/log',
      k.publicKey,
      k.privateKey,
    );
    expect(verifyNote(note.replace('\n12\n', '\n13\n'), 'example.com/log', k.publicKey)).toBe(false);
    expect(verifyNote(note, 'example.com/log', key().publicKey)).toBe(false);
    expect(verifyNote(note, 'other.example/log', k.publicKey)).toBe(false);
    expect(verifyNote('not a note', 'example.com/log', k.publicKey)).toBe(false);
    expect(() => checkpointBody({ origin: 'has space', treeSize: 1, rootHash: root, time: 't' })).toThrow();
  });
});

describe('when a checkpoint is due', () => {
  const base = { startedAt: 0, everyEvents: 10, everySeconds: 60 };
  it('is due after enough events or enough time, and never when the tree did not grow', () => {
    expect(checkpointDue({ ...base, treeSize: 0, last: null, now: 10_000_000 })).toBe(false);
    expect(checkpointDue({ ...base, treeSize: 9, last: null, now: 59_999 })).toBe(false);
    expect(checkpointDue({ ...base, treeSize: 10, last: null, now: 1 })).toBe(true);
    expect(checkpointDue({ ...base, treeSize: 1, last: null, now: 60_000 })).toBe(true);
    const last = { treeSize: 5, signedAt: new Date(100_000).toISOString() };
    expect(checkpointDue({ ...base, treeSize: 5, last, now: 10_000_000 })).toBe(false);
    expect(checkpointDue({ ...base, treeSize: 6, last, now: 159_999 })).toBe(false);
    expect(checkpointDue({ ...base, treeSize: 6, last, now: 160_000 })).toBe(true);
    expect(checkpointDue({ ...base, treeSize: 15, last, now: 100_001 })).toBe(true);
  });
});

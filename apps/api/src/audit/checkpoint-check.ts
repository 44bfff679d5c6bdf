// Whether a signed checkpoint (the log's signed note, transparency-log/checkpoint-note.ts) verifies with one of the
// published log keys, and was signed while that key was in force. Used on a bundle's checkpoint and on a head
// published outside Binaan. Pure.
import { parseCheckpointNote, verifyNote } from '../transparency-log/checkpoint-note.js';
import type { PublishedLogKey } from '../transparency-log/log-reads.js';

/** A published log key (from /.well-known/jwks.json, transparency-log/log-jwks.ts), with its validity. */
export type CheckpointKey = PublishedLogKey;

export type SignedCheckpoint = { origin: string; treeSize: number; rootHash: string; time: string; note: string };

export type CheckpointCheck = { ok: true; checkpoint: SignedCheckpoint; keyId: string } | { ok: false; reason: string };

/** The note of a checkpoint given as its text or as an object carrying it (`note`), as the routes and head files give it. */
function noteOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const note = (value as { note?: unknown } | null)?.note;
  return typeof note === 'string' ? note : null;
}

export function checkSignedCheckpoint(value: unknown, keys: readonly CheckpointKey[]): CheckpointCheck {
  const note = noteOf(value);
  if (note === null) return { ok: false, reason: 'the checkpoint carries no signed note' };
  const parsed = parseCheckpointNote(note);
  if (!parsed) return { ok: false, reason: 'the checkpoint note is not a signed checkpoint (origin, size, root, blank line, signature)' };
  if (keys.length === 0) return { ok: false, reason: 'no log key among the published keys' };
  const key = keys.find((candidate) => candidate.keyName === parsed.origin && verifyNote(note, candidate.keyName, candidate.publicKey));
  if (!key)
    return { ok: false, reason: 'the signature does not verify with any published log key (the note or its signature was changed)' };
  const at = Date.parse(parsed.time);
  if (Number.isNaN(at)) return { ok: false, reason: 'the signed note has no signing time' };
  if (at < Date.parse(key.notBefore) || (key.notAfter !== null && at >= Date.parse(key.notAfter)))
    return { ok: false, reason: `log key ${key.kid} was not in force at ${parsed.time}` };
  return {
    ok: true,
    keyId: key.kid,
    checkpoint: { origin: parsed.origin, treeSize: parsed.treeSize, rootHash: parsed.rootHash.toString('hex'), time: parsed.time, note },
  };
}

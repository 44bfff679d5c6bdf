// Checks an auditor bundle (packages/contracts audit-bundle-api.ts) as a third party would: with the bundle and the
// published log keys only, no database. Each check is printed by `npm run verify-history`, and the first failure
// of each names the event, the proof step or the field that does not add up. Pure.
//
// What each check recomputes (the audit README writes the formats down):
//   format               the bundle has the shape and version this verifier reads
//   checkpointSignature  the checkpoint's signed note verifies with a published log key in force at its time
//   eventHashes          every event's SHA-256 over its canonical JSON equals its recorded hash
//   eventOrder           one stream, revisions increasing; a whole bundle holds every revision through the last
//   chainLinks           each event links to the hash of the revision before it (the genesis hash for revision 0)
//   inclusion            every event's leaf is in the checkpoint's tree, by its audit path, in revision order
//   publishedHead        the checkpoint agrees with a head published outside Binaan (when one is given)
// The light entry points: an offline verifier starts without the api's and the adapters' modules.
import { AUDIT_BUNDLE_FORMAT, type AuditBundle, type AuditBundleEvent } from '@binaan/contracts/audit-bundle';
import type { StoredEvent } from '@binaan/event-store';
import { GENESIS_HASH, hashEvent, leafHashOfEvent, verifyInclusion } from '@binaan/event-store/verification';
import { checkSignedCheckpoint, type CheckpointKey, type SignedCheckpoint } from './checkpoint-check.js';

export type BundleCheckName =
  'format' | 'checkpointSignature' | 'eventHashes' | 'eventOrder' | 'chainLinks' | 'inclusion' | 'publishedHead';

export type BundleCheck = { check: BundleCheckName; result: 'passed' | 'failed' | 'notApplicable'; detail: string };

export type BundleVerdict = { ok: boolean; checks: BundleCheck[]; events: number; treeSize: number | null };

const HEX_HASH = /^[0-9a-f]{64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why the bundle cannot be read as a bundle, or null when its shape is right. */
function shapeProblem(bundle: unknown): string | null {
  if (!isRecord(bundle)) return 'the bundle is not a JSON object';
  if (bundle.format !== AUDIT_BUNDLE_FORMAT) return `the format is ${JSON.stringify(bundle.format)}, not ${AUDIT_BUNDLE_FORMAT}`;
  if (!isRecord(bundle.subject) || typeof bundle.subject.streamId !== 'string') return 'the subject names no stream';
  if (bundle.scope !== 'whole' && bundle.scope !== 'shared') return 'the scope is neither whole nor shared';
  if (!Number.isSafeInteger(bundle.throughRevision)) return 'throughRevision is not a whole number';
  if (!Array.isArray(bundle.events) || !Array.isArray(bundle.proofs)) return 'events and proofs must be lists';
  for (const [index, event] of (bundle.events as unknown[]).entries()) {
    if (!isRecord(event)) return `event ${index} is not an object`;
    for (const field of ['id', 'streamId', 'streamType', 'type', 'prevHash', 'hash'] as const)
      if (typeof event[field] !== 'string') return `event ${index} has no ${field}`;
    if (!Number.isSafeInteger(event.revision) || !isRecord(event.metadata)) return `event ${index} has no revision or metadata`;
  }
  for (const [index, proof] of (bundle.proofs as unknown[]).entries()) {
    if (!isRecord(proof) || typeof proof.eventId !== 'string' || !Number.isSafeInteger(proof.leafIndex) || !Array.isArray(proof.auditPath))
      return `proof ${index} is not { eventId, leafIndex, auditPath }`;
  }
  if (!isRecord(bundle.checkpoint)) return 'the bundle has no checkpoint';
  return null;
}

function named(event: AuditBundleEvent): string {
  return `revision ${event.revision} (${event.type}, event ${event.id})`;
}

function hashesProblem(events: readonly AuditBundleEvent[]): string | null {
  for (const event of events) {
    if (!HEX_HASH.test(event.hash)) return `${named(event)}: its hash is not a SHA-256 in hex`;
    let recomputed: string;
    try {
      recomputed = hashEvent(event as unknown as StoredEvent);
    } catch {
      return `${named(event)}: its content is not canonical JSON`;
    }
    if (recomputed !== event.hash)
      return `${named(event)} was changed after it was recorded: its content hashes to ${recomputed}, not to its hash`;
  }
  return null;
}

function orderProblem(bundle: AuditBundle, events: readonly AuditBundleEvent[]): string | null {
  // Moved events first: a swap would otherwise read as a revision missing where the later one stands.
  for (const [index, event] of events.entries()) {
    if (event.streamId !== bundle.subject.streamId)
      return `${named(event)} belongs to ${event.streamId}, not to ${bundle.subject.streamId}`;
    const after = events[index + 1];
    if (after && after.revision <= event.revision)
      return `${named(after)} comes after revision ${event.revision}: the events are out of order or repeated`;
  }
  if (bundle.scope === 'whole') {
    const gap = events.findIndex((event, index) => event.revision !== index);
    if (gap >= 0) return `revision ${gap} is missing (found revision ${events[gap]!.revision} in its place)`;
  }
  const last = events.at(-1)?.revision ?? -1;
  if (bundle.scope === 'whole' && last !== bundle.throughRevision)
    return `revisions ${last + 1} to ${bundle.throughRevision} are missing at the end (the bundle covers revisions through ${bundle.throughRevision})`;
  if (last > bundle.throughRevision) return `revision ${last} is beyond the revisions the bundle covers (${bundle.throughRevision})`;
  return null;
}

function linksProblem(events: readonly AuditBundleEvent[]): string | null {
  for (const [index, event] of events.entries()) {
    const before = events[index - 1];
    if (event.revision === 0 && event.prevHash !== GENESIS_HASH) return `${named(event)} does not start from the genesis hash`;
    if (before && before.revision === event.revision - 1 && event.prevHash !== before.hash)
      return `${named(event)} does not link to the hash of revision ${before.revision}`;
  }
  return null;
}

function inclusionProblem(bundle: AuditBundle, events: readonly AuditBundleEvent[], checkpoint: SignedCheckpoint): string | null {
  const proofs = new Map(bundle.proofs.map((proof) => [proof.eventId, proof]));
  if (proofs.size !== bundle.proofs.length) return 'two proofs are for one event';
  const root = Buffer.from(checkpoint.rootHash, 'hex');
  let leafBefore = -1;
  for (const event of events) {
    const proof = proofs.get(event.id);
    if (!proof) return `${named(event)} has no inclusion proof`;
    proofs.delete(event.id);
    if (proof.leafIndex < 0 || proof.leafIndex >= checkpoint.treeSize)
      return `${named(event)}: its leaf index ${proof.leafIndex} is outside the checkpoint's tree of ${checkpoint.treeSize}`;
    if (proof.leafIndex <= leafBefore)
      return `${named(event)}: its leaf ${proof.leafIndex} comes before an earlier revision's leaf ${leafBefore}`;
    leafBefore = proof.leafIndex;
    const bad = proof.auditPath.findIndex((step) => typeof step !== 'string' || !HEX_HASH.test(step));
    if (bad >= 0) return `${named(event)}: step ${bad} of its audit path is not a SHA-256 in hex`;
    if (!HEX_HASH.test(event.hash)) return `${named(event)}: its hash is not a SHA-256 in hex`;
    const path = proof.auditPath.map((step) => Buffer.from(step, 'hex'));
    if (!verifyInclusion(leafHashOfEvent(event.hash), proof.leafIndex, checkpoint.treeSize, path, root))
      return `${named(event)} is not in the checkpoint's tree: its audit path from leaf ${proof.leafIndex} does not lead to the signed root`;
  }
  const [stray] = proofs.keys();
  if (stray) return `a proof is for event ${stray}, which the bundle does not hold (an event was taken out)`;
  return null;
}

function headProblem(checkpoint: SignedCheckpoint, head: unknown, keys: readonly CheckpointKey[]): string | null {
  const published = checkSignedCheckpoint(head, keys);
  if (!published.ok) return `the published head does not verify: ${published.reason}`;
  if (published.checkpoint.origin !== checkpoint.origin)
    return `the published head is of the log ${published.checkpoint.origin}, not ${checkpoint.origin}`;
  if (published.checkpoint.treeSize !== checkpoint.treeSize)
    return `the published head is of a tree of ${published.checkpoint.treeSize}, the bundle's checkpoint of ${checkpoint.treeSize}: download the bundle at the head's size (treeSize=${published.checkpoint.treeSize})`;
  if (published.checkpoint.rootHash !== checkpoint.rootHash)
    return `the published head's root ${published.checkpoint.rootHash} is not the bundle's ${checkpoint.rootHash}: the log was rewritten after the head was published`;
  return null;
}

/** Every check of the bundle, in order; later checks that cannot run for an earlier failure say so. */
export function verifyBundle(bundle: unknown, keys: readonly CheckpointKey[], head?: unknown): BundleVerdict {
  const checks: BundleCheck[] = [];
  const add = (check: BundleCheckName, problem: string | null, passed: string) =>
    checks.push({ check, result: problem === null ? 'passed' : 'failed', detail: problem ?? passed });
  const shape = shapeProblem(bundle);
  add('format', shape, AUDIT_BUNDLE_FORMAT);
  if (shape !== null) return { ok: false, checks, events: 0, treeSize: null };
  const readable = bundle as AuditBundle;
  const events = readable.events;
  const signed = checkSignedCheckpoint(readable.checkpoint, keys);
  add(
    'checkpointSignature',
    signed.ok ? null : signed.reason,
    signed.ok ? `tree of ${signed.checkpoint.treeSize}, signed by log key ${signed.keyId} at ${signed.checkpoint.time}` : '',
  );
  add('eventHashes', hashesProblem(events), `${events.length} events hash to their recorded hashes`);
  add(
    'eventOrder',
    orderProblem(readable, events),
    readable.scope === 'whole' ? `revisions 0 to ${readable.throughRevision}, none missing` : `${events.length} shared revisions in order`,
  );
  add('chainLinks', linksProblem(events), 'each revision links to the one before it');
  if (signed.ok)
    add('inclusion', inclusionProblem(readable, events, signed.checkpoint), `${events.length} events proven in the signed tree`);
  else checks.push({ check: 'inclusion', result: 'failed', detail: 'not checked: the checkpoint does not verify' });
  if (head === undefined) checks.push({ check: 'publishedHead', result: 'notApplicable', detail: 'no published head given (--head)' });
  else if (signed.ok) add('publishedHead', headProblem(signed.checkpoint, head, keys), 'the checkpoint is the published head');
  else checks.push({ check: 'publishedHead', result: 'failed', detail: 'not checked: the checkpoint does not verify' });
  return {
    ok: checks.every((c) => c.result !== 'failed'),
    checks,
    events: events.length,
    treeSize: signed.ok ? signed.checkpoint.treeSize : null,
  };
}

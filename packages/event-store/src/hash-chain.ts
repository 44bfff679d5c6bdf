// The tamper-evident chain: each event's hash covers its identity, place, content, metadata and the hash
// of the event before it in the stream. Changing, inserting or removing an event changes every hash after
// it, and `verifyChain` names the first revision where the stored chain stops adding up.

import * as crypto from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { ChainVerification, EventMetadata, EventMetadataInput, JsonValue, StoredEvent } from './types.js';

export const GENESIS_HASH = '0'.repeat(64);

/** SHA-256 in hex; crypto.hash (Node 20.12+) is the one-shot form, without a Hash object per event. */
const sha256Hex: (text: string) => string =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'hex')
    : (text) => crypto.createHash('sha256').update(text).digest('hex');

export type HashedFields = {
  id: string;
  streamId: string;
  streamType: string;
  revision: number;
  type: string;
  data: JsonValue;
  metadata: EventMetadata;
  prevHash: string;
};

export function hashEvent(event: HashedFields): string {
  const envelope = {
    id: event.id,
    streamId: event.streamId,
    streamType: event.streamType,
    revision: event.revision,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    prevHash: event.prevHash,
  };
  return sha256Hex(canonicalJson(envelope, 'event'));
}

/**
 * hashEvent for an event whose data is already canonical JSON (an append has just written it): the
 * envelope is assembled around it, keys in canonical order, instead of canonicalising the data again.
 * The same bytes as hashEvent (a property test holds them equal), at less than half the cost.
 */
export function hashWithCanonicalData(
  event: HashedFields,
  dataJson: string,
  metadataJson = canonicalJson(event.metadata, 'metadata'),
): string {
  const envelope =
    `{"data":${dataJson},"id":${JSON.stringify(event.id)},"metadata":${metadataJson},` +
    `"prevHash":${JSON.stringify(event.prevHash)},"revision":${JSON.stringify(event.revision)},` +
    `"streamId":${JSON.stringify(event.streamId)},"streamType":${JSON.stringify(event.streamType)},"type":${JSON.stringify(event.type)}}`;
  return sha256Hex(envelope);
}

/**
 * Checks a whole stream read in revision order. `head` is what the stream table says the stream's last
 * revision and hash are; it catches events removed from the end, which no hash after them could.
 * `alreadyHashed` (optional) names events whose stored hash is known to match their content (checked
 * before, unchanged since: see sql/stream-versions.ts); their hash is not recomputed, while revisions,
 * links and the head are checked for every event.
 */
export function verifyChain(
  streamId: string,
  events: readonly StoredEvent[],
  head?: { revision: number; hash: string } | null,
  alreadyHashed?: (event: StoredEvent, index: number) => boolean,
): ChainVerification {
  let prevHash = GENESIS_HASH;
  for (let index = 0; index < events.length; index++) {
    const event = events[index]!;
    const bad = (reason: string): ChainVerification => ({
      streamId,
      ok: false,
      eventsChecked: index,
      firstBadRevision: index,
      reason,
    });
    if (event.revision !== index) return bad(`revision ${index} is missing (found ${event.revision} in its place)`);
    if (event.prevHash !== prevHash) return bad(`revision ${index} does not link to the hash of the event before it`);
    if (alreadyHashed?.(event, index)) {
      prevHash = event.hash;
      continue;
    }
    let recomputed: string;
    try {
      recomputed = hashEvent(event);
    } catch {
      return bad(`revision ${index} holds data that is not canonical JSON`);
    }
    if (recomputed !== event.hash) return bad(`revision ${index} was changed after it was recorded (hash mismatch)`);
    prevHash = event.hash;
  }
  if (head) {
    const last = events.length - 1;
    if (head.revision > last) {
      return {
        streamId,
        ok: false,
        eventsChecked: events.length,
        firstBadRevision: last + 1,
        reason: `revisions ${last + 1} to ${head.revision} are missing at the end of the stream`,
      };
    }
    if (head.revision === last && head.hash !== prevHash) {
      return {
        streamId,
        ok: false,
        eventsChecked: events.length,
        firstBadRevision: last,
        reason: `the stream head does not match the hash of revision ${last}`,
      };
    }
  }
  return { streamId, ok: true, eventsChecked: events.length };
}

/**
 * Places prepared events after `base` (the stream's last revision and hash; -1 and GENESIS_HASH for a new
 * stream), stamps them with one recording time and chains their hashes. Positions come from the store.
 */
export function chainEvents(
  stream: { streamId: string; streamType: string },
  events: readonly { id: string; type: string; data: JsonValue; metadata: EventMetadataInput; dataJson?: string; metadataJson?: string }[],
  base: { revision: number; hash: string },
  recordedAt: Date,
): StoredEvent[] {
  const at = recordedAt.toISOString();
  // Events of one append mostly share their metadata: its canonical form (with recordedAt) is made once.
  const canonicalMetadata = new Map<string, string>();
  let prevHash = base.hash;
  return events.map((event, index) => {
    const metadata = { ...event.metadata, recordedAt: at } as EventMetadata;
    // Built whole in one literal (the hash filled in below): one object shape for every event.
    const stored: StoredEvent = {
      id: event.id,
      streamId: stream.streamId,
      streamType: stream.streamType,
      revision: base.revision + 1 + index,
      type: event.type,
      data: event.data,
      metadata,
      prevHash,
      hash: '',
      globalPosition: 0,
    };
    if (event.dataJson === undefined) stored.hash = hashEvent(stored);
    else {
      let metadataJson = event.metadataJson === undefined ? undefined : canonicalMetadata.get(event.metadataJson);
      if (metadataJson === undefined) {
        metadataJson = canonicalJson(metadata, 'metadata');
        if (event.metadataJson !== undefined) canonicalMetadata.set(event.metadataJson, metadataJson);
      }
      stored.hash = hashWithCanonicalData(stored, event.dataJson, metadataJson);
    }
    prevHash = stored.hash;
    return stored;
  });
}

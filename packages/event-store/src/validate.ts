// Checks an append request before any adapter touches storage, so bad input is a typed error with the
// field it concerns, never a database error or a crash.

import { randomUUID } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { InvalidEventStoreInput } from './errors.js';
import type { AppendRequest, EventMetadataInput, ExpectedRevision, JsonValue } from './types.js';

const STREAM_ID = /^[A-Za-z0-9][A-Za-z0-9_.:@\-/]{0,199}$/;
const STREAM_TYPE = /^[a-z][a-zA-Z0-9_-]{0,63}$/;
const EVENT_TYPE = /^[A-Za-z][A-Za-z0-9_.-]{0,127}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const MAX_EVENTS_PER_APPEND = 10_000;

/** An event ready to be hashed and stored: its JSON checked and written canonically once. */
export type PreparedEvent = {
  id: string;
  type: string;
  data: JsonValue;
  dataJson: string;
  /** Metadata as stored (without recordedAt, which the store stamps and keeps in its own column). */
  metadata: EventMetadataInput;
  metadataJson: string;
};

export function checkStreamId(streamId: unknown): string {
  if (typeof streamId !== 'string' || !STREAM_ID.test(streamId)) {
    throw new InvalidEventStoreInput(
      'streamId',
      'must be 1 to 200 characters: letters, digits and _ . : @ - /, starting with a letter or digit',
    );
  }
  return streamId;
}

export function checkRevision(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidEventStoreInput(field, 'must be a whole number, 0 or more');
  }
  return value;
}

function checkExpected(expected: unknown): ExpectedRevision {
  if (expected === 'no_stream' || expected === 'any' || expected === 'stream_exists') return expected;
  return checkRevision(expected, 'expectedRevision');
}

export function prepareAppend(
  request: AppendRequest,
  newId: () => string = randomUUID,
): {
  streamId: string;
  streamType: string;
  expectedRevision: ExpectedRevision;
  events: PreparedEvent[];
} {
  if (request === null || typeof request !== 'object') throw new InvalidEventStoreInput('request', 'is missing');
  const streamId = checkStreamId(request.streamId);
  if (typeof request.streamType !== 'string' || !STREAM_TYPE.test(request.streamType)) {
    throw new InvalidEventStoreInput('streamType', 'must be 1 to 64 characters, starting with a lower-case letter');
  }
  const expectedRevision = checkExpected(request.expectedRevision);
  if (!Array.isArray(request.events) || request.events.length === 0) {
    throw new InvalidEventStoreInput('events', 'must hold at least one event');
  }
  if (request.events.length > MAX_EVENTS_PER_APPEND) {
    throw new InvalidEventStoreInput('events', `at most ${MAX_EVENTS_PER_APPEND} events in one append`);
  }
  const seenIds = new Set<string>();
  // The events of one command usually share one metadata object: checked and written once per append.
  const metadataSeen = new Map<object, { metadata: EventMetadataInput; metadataJson: string }>();
  const events = (request.events as { id?: unknown; type?: unknown; data?: unknown; metadata?: unknown }[]).map(
    (event, index): PreparedEvent => {
      const at = `events[${index}]`;
      if (event === null || typeof event !== 'object') throw new InvalidEventStoreInput(at, 'is not an event');
      const id = event.id === undefined ? newId() : event.id;
      if (typeof id !== 'string' || !UUID.test(id)) throw new InvalidEventStoreInput(`${at}.id`, 'must be a lower-case UUID');
      if (seenIds.has(id)) throw new InvalidEventStoreInput(`${at}.id`, 'appears twice in one append');
      seenIds.add(id);
      if (typeof event.type !== 'string' || !EVENT_TYPE.test(event.type)) {
        throw new InvalidEventStoreInput(`${at}.type`, 'must be 1 to 128 characters, starting with a letter');
      }
      if (event.data === undefined) throw new InvalidEventStoreInput(`${at}.data`, 'is missing');
      const dataJson = canonicalJson(event.data, `${at}.data`);
      const metadataInput = event.metadata ?? {};
      if (metadataInput === null || typeof metadataInput !== 'object' || Array.isArray(metadataInput)) {
        throw new InvalidEventStoreInput(`${at}.metadata`, 'must be an object');
      }
      let stored = metadataSeen.get(metadataInput);
      if (!stored) {
        const { recordedAt: _stampedByTheStore, ...metadata } = metadataInput as Record<string, unknown>;
        const metadataJson = canonicalJson(metadata, `${at}.metadata`);
        stored = { metadata: JSON.parse(metadataJson) as EventMetadataInput, metadataJson };
        metadataSeen.set(metadataInput, stored);
      }
      return {
        id,
        type: event.type,
        data: JSON.parse(dataJson) as JsonValue,
        dataJson,
        metadata: stored.metadata,
        metadataJson: stored.metadataJson,
      };
    },
  );
  return { streamId, streamType: request.streamType, expectedRevision, events };
}

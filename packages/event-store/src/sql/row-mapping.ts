// Rows of the events table as StoredEvents. Each row comes as one JSON text (statements.ts EVENT_JSON):
// [position, revision, recorded-at epoch ms, id, stream id, stream type, type, prev hash, hash, data,
// metadata]. Positions stay far below 2^53, so plain numbers hold them.

import type { EventMetadata, JsonValue, StoredEvent } from '../types.js';

export type EventJsonRow = { e: string };

type EventTuple = [number, number, number, string, string, string, string, string, string, JsonValue, Record<string, JsonValue>];

export function toStoredEvent(row: EventJsonRow): StoredEvent {
  const t = JSON.parse(row.e) as EventTuple;
  // The parsed metadata object is this event's own: recordedAt (kept in its own column) is added to it
  // in place, after the stored keys, as the hash chain's canonical form does not care about key order.
  const metadata = t[10] as EventMetadata;
  metadata.recordedAt = new Date(t[2]).toISOString();
  return {
    id: t[3],
    streamId: t[4],
    streamType: t[5],
    revision: t[1],
    globalPosition: t[0],
    type: t[6],
    data: t[9],
    metadata,
    prevHash: t[7],
    hash: t[8],
  };
}

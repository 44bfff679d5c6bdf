// Rows of the events table as StoredEvents. node-postgres returns bigint as text and PGlite as number;
// both are normalised here (positions stay far below 2^53).

import type { EventMetadata, JsonValue, StoredEvent } from '../types.js';

export type EventRow = {
  global_position: string | number;
  event_id: string;
  stream_id: string;
  stream_type: string;
  revision: string | number;
  type: string;
  data: JsonValue;
  metadata: Record<string, JsonValue>;
  recorded_at: Date | string;
  prev_hash: string;
  hash: string;
};

export function toStoredEvent(row: EventRow): StoredEvent {
  const recordedAt = row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at);
  return {
    id: row.event_id,
    streamId: row.stream_id,
    streamType: row.stream_type,
    revision: Number(row.revision),
    globalPosition: Number(row.global_position),
    type: row.type,
    data: row.data,
    metadata: { ...row.metadata, recordedAt: recordedAt.toISOString() } as EventMetadata,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

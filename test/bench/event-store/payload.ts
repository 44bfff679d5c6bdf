// The event every contender writes: a small document-workflow event (~250 bytes of JSON data) with the
// metadata a command handler stamps (acting user, company, correlation and causation ids).

import { randomUUID } from 'node:crypto';
import type { EventMetadataInput, JsonObject } from '@binaan/event-store';

export const EVENT_TYPE = 'PurchaseOrderApproved';
export const STREAM_TYPE = 'purchaseOrder';

const companyId = randomUUID();
const userId = randomUUID();

/** The data of one event: varies with the stream and the revision, like real documents do. */
export function eventData(streamId: string, revision: number): JsonObject {
  return {
    documentId: streamId,
    documentNo: `PO-2026-${String(revision).padStart(6, '0')}`,
    projectId: 'PRJ-KL-0042',
    status: 'pendingConfirmation',
    workflowEvent: 'Approve',
    approvalLevel: 20,
    amount: { currency: 'MYR', value: '120450.00' },
    counterpartyCompanyId: 'SELLER-CO-0007',
    remark: 'Subject to delivery schedule B',
  };
}

/** Fresh correlation and causation ids per command, as the API stamps them. */
export function eventMetadata(): EventMetadataInput {
  return { actorUserId: userId, actorCompanyId: companyId, correlationId: randomUUID(), causationId: randomUUID() };
}

export function payloadSizes(): { data: number; metadata: number } {
  return {
    data: Buffer.byteLength(JSON.stringify(eventData('po-w0-s000000', 3))),
    metadata: Buffer.byteLength(JSON.stringify(eventMetadata())),
  };
}

/** How the single-event writers pick streams: a window of open streams, each closed at 10 events. */
export const STREAM_WINDOW = 16;
export const EVENTS_PER_STREAM = 10;

export type StreamSlot = { id: string; events: number };

/**
 * Round-robin over STREAM_WINDOW open streams; a stream that holds EVENTS_PER_STREAM events is replaced by
 * a new one. So 1 append in 10 creates a stream and 9 in 10 extend one that holds 1 to 9 events.
 */
export class StreamMix {
  private readonly slots: StreamSlot[] = [];
  private turn = 0;
  private created = 0;

  constructor(private readonly prefix: string) {}

  next(): StreamSlot {
    const index = this.turn++ % STREAM_WINDOW;
    let slot = this.slots[index];
    if (!slot || slot.events >= EVENTS_PER_STREAM) {
      slot = { id: `${this.prefix}-s${String(this.created++).padStart(6, '0')}`, events: 0 };
      this.slots[index] = slot;
    }
    return slot;
  }
}

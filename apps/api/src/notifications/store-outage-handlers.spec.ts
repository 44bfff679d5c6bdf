// A subscription's handler that meets a store that cannot answer (StoreUnavailable: a connection
// terminated, the server restarting) fails its page, so the subscription hands the page again once the store
// is back; it never takes the failure for "this document gives nothing" and moves its checkpoint past the
// event. (The store-outage drill found both: the notifications reactor skipped the approvers' notifications
// of a document whose stream read failed, and the approval queue dropped a document's rows when its load
// failed.) A stream that no longer folds still gives nothing, as before.
import { refusal } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import type { ModuleRef } from '@nestjs/core';
import { StoreUnavailable, type EventStore, type JsonValue, type SqlExecutor, type StoredEvent } from '@binaan/event-store';
import { userWith } from '@binaan/workflows';
import type { ApiConfig } from '../config.js';
import type { CompanyAccess } from '../companies/company-access.js';
import { ApprovalQueue } from '../documents/approval-queue.js';
import type { DocumentActors } from '../documents/document-actor.js';
import type { DocumentLoader } from '../documents/document-loader.js';
import { creationEvents, decideAction, decideCreate } from '../documents/document.decider.js';
import { foldDocument } from '../documents/document.state.js';
import { DocumentNotices } from './document-notices.js';
import type { Recipients } from './recipients.js';

const ID = '0190a2b4-0000-7000-8000-0000000000a1';
const STREAM = `purchaseOrder-${ID}`;
const kumar = userWith('purchaseOrder', 'kumar', 'teguh-bina', [10]);
const body = {
  title: 'Concrete',
  counterpartyCompanyId: 'mutiara',
  items: [{ lineNo: 1, description: 'G30', unit: 'm3', quantity: '2.000', rate: '100.00', amount: '200.00', includeZeroRate: false }],
};
const at = (n: number) => new Date(Date.UTC(2026, 2, 2) + n * 60_000).toISOString();

/** A purchase order created and sent for approval: its events, the last one the Request_Approve. */
function requested(): StoredEvent[] {
  const stored = (revision: number, type: string, data: unknown): StoredEvent => ({
    id: String(revision),
    streamId: STREAM,
    streamType: 'purchaseOrder',
    revision,
    globalPosition: revision + 1,
    type,
    data: data as JsonValue,
    metadata: { recordedAt: at(revision) },
    prevHash: '',
    hash: '',
  });
  const { fields, statusEvent } = decideCreate('purchaseOrder', body, kumar, at(0));
  const events = creationEvents({
    resource: 'purchaseOrder',
    documentId: ID,
    documentNo: 'PO-2026-00001',
    actor: kumar,
    fields,
    statusEvent,
  }).map((e, i) => stored(i, e.type, e.data));
  events.push(
    stored(events.length, 'WorkflowStatusChanged', decideAction(foldDocument(events)!, 'Request_Approve', {}, kumar, at(events.length))),
  );
  return events;
}

const away = () => new StoreUnavailable('57P01 terminating connection due to administrator command');

describe('the notifications reactor meets a store that cannot answer', () => {
  it('the document read fails: the page fails (handed again later), never "no notifications"', async () => {
    const events = requested();
    const last = events[events.length - 1]!;
    expect(last.type).toBe('WorkflowStatusChanged');
    const store = { readStream: async () => Promise.reject(away()) } as unknown as EventStore;
    const notices = new DocumentNotices(store, {} as ModuleRef, {} as Recipients);
    await expect(notices.plan(last)).rejects.toBeInstanceOf(StoreUnavailable);
  });

  it('a stream that does not fold still gives no notifications', async () => {
    const events = requested();
    const last = events[events.length - 1]!;
    // Only the status change, without the document's creation: nothing to fold it onto.
    const store = { readStream: async () => [last] } as unknown as EventStore;
    const notices = new DocumentNotices(store, {} as ModuleRef, {} as Recipients);
    await expect(notices.plan(last)).resolves.toEqual([]);
  });
});

describe('the approval queue meets a store that cannot answer', () => {
  function queueOver(load: () => Promise<unknown>) {
    const events = requested();
    const status = foldDocument(events)!.workflow.status;
    /** What each statement that writes the queue was given: the page's streams, and the rows it keeps. */
    const writes: { streams: unknown; rows: unknown }[] = [];
    const last = events[events.length - 1]!;
    const db = {
      query: async (text: string, params: unknown[] = []) => {
        if (/\b(DELETE|INSERT)\b/.test(text) && text.includes('waiting_approvals'))
          writes.push({ streams: params[0], rows: JSON.parse(typeof params[1] === 'string' ? params[1] : '[]') });
        return text.includes('SELECT stream_id, company_id, status, revision FROM documents')
          ? [{ stream_id: last.streamId, company_id: 'teguh-bina', status, revision: last.revision }]
          : [];
      },
    } as unknown as SqlExecutor;
    const loader = { load } as unknown as DocumentLoader;
    const queue = new ApprovalQueue(
      {} as EventStore,
      db,
      { reactors: true } as ApiConfig,
      {} as DocumentActors,
      loader,
      {} as CompanyAccess,
    );
    return { queue, writes, last };
  }

  it("the document's load fails: the page fails and the document's rows stay as they were", async () => {
    const { queue, writes, last } = queueOver(() => Promise.reject(away()));
    await expect(queue.handle([last])).rejects.toBeInstanceOf(StoreUnavailable);
    expect(writes).toEqual([]);
  });

  it("any other failure of the load fails the page too: only the document's own refusal drops its rows", async () => {
    const { queue, writes, last } = queueOver(() => Promise.reject(new TypeError('a read model answered nonsense')));
    await expect(queue.handle([last])).rejects.toBeInstanceOf(TypeError);
    expect(writes).toEqual([]);
  });

  it('a stream that does not fold waits for no one: its rows go', async () => {
    const { queue, writes, last } = queueOver(() => Promise.reject(refusal(409, 'documentCorrupt', 'does not chain')));
    await expect(queue.handle([last])).resolves.toBeUndefined();
    // One write for the page: the document's stream, no row kept for it.
    expect(writes).toEqual([{ streams: [last.streamId], rows: [] }]);
  });
});

// The loader's kept states follow the log: another process's document events, as the live log reads them,
// are folded onto a kept state when they come right after it, so the next load at that revision reads
// nothing; a gap or another stream's event leaves the state alone, and the next load reads what it lacks.
import { describe, expect, it } from '@jest/globals';
import type { EventStore, JsonValue, ReadStreamOptions, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { userWith } from '@binaan/workflows';
import type { LiveLog, LiveLogListener } from '../store/live-log.js';
import { DocumentLoader } from './document-loader.js';
import { creationEvents, decideAction, decideCreate } from './document.decider.js';
import { foldDocument } from './document.state.js';

const ID = '0190a2b4-0000-7000-8000-000000000001';
const STREAM = `purchaseOrder-${ID}`;
const kumar = userWith('purchaseOrder', 'kumar', 'teguh-bina', [10]);
const lim = userWith('purchaseOrder', 'lim', 'teguh-bina', [20]);
const body = {
  title: 'Concrete',
  counterpartyCompanyId: 'mutiara',
  items: [{ lineNo: 1, description: 'G30', unit: 'm3', quantity: '2.000', rate: '100.00', amount: '200.00', includeZeroRate: false }],
};
const at = (n: number) => new Date(Date.UTC(2026, 2, 2) + n * 60_000).toISOString();

/** Create, Request_Approve, then Reject / Resubmit: `length` events of one purchase order. */
function stream(length: number): StoredEvent[] {
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
  for (let revision = events.length; revision < length; revision++) {
    const state = foldDocument(events)!;
    const [name, actor] =
      revision === 2 ? ['Request_Approve', kumar] : state.workflow.status === 'rejected' ? ['Resubmit', kumar] : ['Reject', lim];
    events.push(stored(revision, 'WorkflowStatusChanged', decideAction(state, name, { remark: 'r' }, actor, at(revision))));
  }
  return events;
}

function loaderOver(events: StoredEvent[]) {
  const reads: (ReadStreamOptions | undefined)[] = [];
  const store = {
    readStream: async (_streamId: string, options?: ReadStreamOptions) => {
      reads.push(options);
      return events.filter((e) => e.revision >= (options?.fromRevision ?? 0));
    },
  } as unknown as EventStore;
  let listener: LiveLogListener = () => undefined;
  const liveLog = { listen: (l: LiveLogListener) => void (listener = l) } as unknown as LiveLog;
  const loader = new DocumentLoader(store, {} as SqlExecutor, liveLog);
  return { loader, reads, live: (page: StoredEvent[]) => listener(page) };
}

describe('DocumentLoader following the log', () => {
  it('folds the next event onto a kept state: the load at that revision reads nothing and equals a full fold', async () => {
    const events = stream(8);
    const { loader, reads, live } = loaderOver(events.slice(0, 5));
    expect((await loader.load('purchaseOrder', ID, 'teguh-bina', 4)).state.revision).toBe(4);
    expect(reads).toHaveLength(1);
    await live([{ ...events[5]!, streamId: 'purchaseOrder-another', streamType: 'purchaseOrder' }, events[5]!, events[6]!]);
    const followed = (await loader.load('purchaseOrder', ID, 'teguh-bina', 6)).state;
    expect(reads).toHaveLength(1);
    expect(followed).toEqual(foldDocument(events.slice(0, 7)));
  });

  it('leaves a state alone on a gap; the next load reads the events it lacks', async () => {
    const events = stream(8);
    const stored = events.slice(0, 4);
    const { loader, reads, live } = loaderOver(stored);
    expect((await loader.load('purchaseOrder', ID, 'teguh-bina', 3)).state.revision).toBe(3);
    stored.push(...events.slice(4));
    await live([events[6]!]);
    const caught = await loader.load('purchaseOrder', ID, 'teguh-bina', 7);
    expect(reads).toEqual([{}, { fromRevision: 4 }]);
    expect(caught.state).toEqual(foldDocument(events));
  });
});

// Replays through snapshots give exactly the fold of the events the point selects (by revision, by
// recording time, even when recording times go backwards), from a cold start or from a snapshot, while
// reading only the events after the snapshot.
import { describe, expect, it } from '@jest/globals';
import type { JsonValue, StoredEvent } from '@binaan/event-store';
import { userWith } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from './document.decider.js';
import { foldDocument, type DocumentState } from './document.state.js';
import { DocumentSnapshots, type ReplayPoint } from './document-snapshots.js';

const STREAM = 'purchaseOrder-1';
const kumar = userWith('purchaseOrder', 'kumar', 'teguh-bina', [10]);
const lim = userWith('purchaseOrder', 'lim', 'teguh-bina', [20]);
const body = {
  title: 'Concrete',
  counterpartyCompanyId: 'mutiara',
  items: [{ lineNo: 1, description: 'G30', unit: 'm3', quantity: '2.000', rate: '100.00', amount: '200.00', includeZeroRate: false }],
};

/** Minute n of the day; `clockBack` moves one event's recording time an hour back (another process's clock). */
const minute = (n: number) => new Date(Date.UTC(2026, 2, 2, 0, 0) + n * 60_000).toISOString();

/** Create, Request_Approve, then Reject / Resubmit until `length` events; event 150 recorded an hour early. */
function longStream(length: number): StoredEvent[] {
  const stored = (revision: number, type: string, data: unknown): StoredEvent => ({
    id: String(revision),
    streamId: STREAM,
    streamType: 'purchaseOrder',
    revision,
    globalPosition: revision + 1,
    type,
    data: data as JsonValue,
    metadata: { recordedAt: minute(revision === 150 ? revision - 60 : revision) },
    prevHash: '',
    hash: '',
  });
  const { fields, statusEvent } = decideCreate('purchaseOrder', body, kumar, minute(0));
  const events = creationEvents({
    resource: 'purchaseOrder',
    documentId: '1',
    documentNo: 'PO-2026-00001',
    actor: kumar,
    fields,
    statusEvent,
  }).map((e, i) => stored(i, e.type, e.data));
  let state = foldDocument(events)!;
  for (let revision = 2; revision < length; revision++) {
    const [name, actor] =
      revision === 2 ? ['Request_Approve', kumar] : state.workflow.status === 'rejected' ? ['Resubmit', kumar] : ['Reject', lim];
    const event = decideAction(state, name, { remark: 'r' }, actor, minute(revision));
    events.push(stored(revision, 'WorkflowStatusChanged', event));
    state = foldDocument(events)!;
  }
  return events;
}

function outcome(replay: () => DocumentState | null): DocumentState | null | 'does not fold' {
  try {
    return replay();
  } catch {
    return 'does not fold';
  }
}

const selected = (events: StoredEvent[], point: ReplayPoint) =>
  events.filter(
    (e) =>
      (point.toRevision === undefined || e.revision <= point.toRevision) &&
      (point.toTime === undefined || e.metadata.recordedAt <= point.toTime.toISOString()),
  );

describe('document snapshots', () => {
  const events = longStream(420);

  it('replays to any point as the full fold of the events it selects, reading only what follows the nearest snapshot', () => {
    const snapshots = new DocumentSnapshots();
    const points: ReplayPoint[] = [
      { toRevision: 350 },
      { toRevision: 99 },
      { toRevision: 100 },
      { toRevision: 299 },
      { toRevision: 419 },
      { toRevision: 350 },
      { toTime: new Date(minute(250)) },
      { toTime: new Date(minute(120)) },
      { toTime: new Date(minute(95)) },
      { toRevision: 300, toTime: new Date(minute(350)) },
    ];
    let read = 0;
    for (const point of points) {
      const from = snapshots.nearest(STREAM, point);
      const after = selected(events, point).filter((e) => !from || e.revision > from.state.revision);
      read += after.length;
      // A point that takes event 150 (recorded early) without those before it does not fold: both ways.
      expect(outcome(() => snapshots.replay(STREAM, from, after))).toEqual(outcome(() => foldDocument(selected(events, point))));
    }
    // Cold, the first replay folds 351 events; after it, none reads more than a hundred.
    expect(read).toBeLessThan(351 + (points.length - 1) * 100);
  });

  it('takes no snapshot past a point in time that an earlier-recorded event (a clock gone back) would break', () => {
    const snapshots = new DocumentSnapshots();
    snapshots.replay(STREAM, undefined, events.slice(0, 300));
    // Event 150 is recorded at minute 90: up to minute 95 it is in, 100-149 are out; no snapshot at 199 or 299 may serve.
    const point = { toTime: new Date(minute(95)) };
    expect(snapshots.nearest(STREAM, point)?.state.revision ?? -1).toBeLessThan(100);
    // Up to minute 200 (a time after event 199's), the snapshot at 199 holds every selected event up to it.
    expect(snapshots.nearest(STREAM, { toTime: new Date(minute(200)) })?.state.revision).toBe(199);
  });
});

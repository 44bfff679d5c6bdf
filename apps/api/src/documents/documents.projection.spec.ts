// Which status events ride in the append's own statement (one round trip) and which take the transaction
// (a read of the kept round first), and that riding inline writes the same row as the transaction would.
import { describe, expect, it } from '@jest/globals';
import type { JsonValue, SqlExecutor, StoredEvent } from '@binaan/event-store';
import { decide, SYSTEM_ACTOR, userWith } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate } from './document.decider.js';
import { foldDocument } from './document.state.js';
import { documentsProjection } from './documents.projection.js';

const ID = '0190a2b4-0000-7000-8000-000000000002';
const STREAM = `purchaseOrder-${ID}`;
const kumar = userWith('purchaseOrder', 'kumar', 'teguh-bina', [10]);
const lim = userWith('purchaseOrder', 'lim', 'teguh-bina', [20]);
const body = {
  title: 'Rebar',
  counterpartyCompanyId: 'mutiara',
  items: [{ lineNo: 1, description: 'Y12', unit: 'ton', quantity: '3.000', rate: '3000.00', amount: '9000.00', includeZeroRate: false }],
};
const at = (n: number) => new Date(Date.UTC(2026, 3, 1) + n * 60_000).toISOString();

function stored(revision: number, type: string, data: unknown): StoredEvent {
  return {
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
  };
}

/** Create, then each named action by its actor: the stored events. */
function walk(...actions: [string, typeof kumar][]): StoredEvent[] {
  const { fields, statusEvent } = decideCreate('purchaseOrder', body, kumar, at(0));
  const events = creationEvents({
    resource: 'purchaseOrder',
    documentId: ID,
    documentNo: 'PO-2026-00002',
    actor: kumar,
    fields,
    statusEvent,
  }).map((e, i) => stored(i, e.type, e.data));
  for (const [name, actor] of actions) {
    events.push(
      stored(
        events.length,
        'WorkflowStatusChanged',
        decideAction(foldDocument(events)!, name, { remark: 'checked' }, actor, at(events.length)),
      ),
    );
  }
  return events;
}

/** A database that answers the kept-round read with `kept` and records every other statement. */
function recording(kept: string | null) {
  const writes: { text: string; params: readonly unknown[] }[] = [];
  const db: SqlExecutor = {
    query: async <R extends object>(text: string, params: readonly unknown[] = []) => {
      if (text.startsWith('SELECT approval_round')) return [{ approval_round: kept }] as unknown as R[];
      writes.push({ text, params });
      return [] as R[];
    },
    script: async () => undefined,
  };
  return { db, writes };
}

/** The UPDATE's round and awaited level (params 6 and 7). */
const roundOf = (write: { params: readonly unknown[] } | undefined) => ({ round: write?.params[5], awaiting: write?.params[6] });

describe('documents projection: inline or in a transaction', () => {
  it('Request_Approve opens a round: it rides inline and writes the round the transaction writes', async () => {
    const events = walk(['Request_Approve', kumar]);
    const opening = events[events.length - 1]!;
    const inline = documentsProjection.inline!([opening]);
    expect(inline).not.toBeNull();
    // Whatever round was kept before (here a stale one), the transaction's fold gives the same.
    const { db, writes } = recording(
      JSON.stringify({
        open: true,
        requiredLevels: [20, 30],
        approvals: [{ level: 20, userId: 'x', at: at(0) }],
        allowSelfApproval: false,
      }),
    );
    await documentsProjection.apply([opening], db);
    expect(roundOf(inline![0])).toEqual(roundOf(writes[0]));
    expect(roundOf(inline![0]).awaiting).toBe(20);
    expect(JSON.parse(String(roundOf(inline![0]).round))).toMatchObject({ open: true, requiredLevels: [20], approvals: [] });
    expect(inline![0]!.text).toContain('EXISTS (SELECT 1 FROM appended)');
  });

  it('an approval fills a level of the kept round: it takes the transaction (the round is read first)', () => {
    const events = walk(['Request_Approve', kumar], ['Approve', lim]);
    expect(documentsProjection.inline!([events[events.length - 1]!])).toBeNull();
  });

  it('an Escalate keeps the round open at its level: it takes the transaction, and the kept round stays awaiting that level', async () => {
    const events = walk(['Request_Approve', kumar]);
    const escalation = decide(
      'purchaseOrder',
      foldDocument(events)!.workflow,
      { type: 'Escalate', at: at(9), escalation: { level: 20, toUserIds: ['farid'] } },
      SYSTEM_ACTOR,
    );
    if (!escalation.ok) throw new Error(escalation.refusal.code);
    const escalate = stored(events.length, 'WorkflowStatusChanged', escalation.event);
    expect(documentsProjection.inline!([escalate])).toBeNull();
    const { db, writes } = recording(JSON.stringify(foldDocument(events)!.workflow.context.approval));
    await documentsProjection.apply([escalate], db);
    expect(roundOf(writes[0]).awaiting).toBe(20);
  });

  it('a Reject ends the round: inline, writing no round', () => {
    const events = walk(['Request_Approve', kumar], ['Reject', lim]);
    const inline = documentsProjection.inline!([events[events.length - 1]!]);
    expect(roundOf(inline?.[0])).toEqual({ round: null, awaiting: null });
  });
});

// The document decider as a specification: given a stream, when a command, then events (or a refusal).
import { Refused } from '../common/refusal.js';
import { describe, expect, it } from '@jest/globals';
import type { JsonValue, StoredEvent } from '@binaan/event-store';
import { userWith, type Actor } from '@binaan/workflows';
import { creationEvents, decideAction, decideCreate, decideEdit } from './document.decider.js';
import { foldDocument } from './document.state.js';

const AT = '2026-03-02T01:00:00.000Z';
const buyer = (levels: (10 | 20 | 21 | 22)[], userId = 'kumar'): Actor => userWith('purchaseOrder', userId, 'teguh-bina', levels);
const seller = (): Actor => userWith('purchaseOrder', 'mei', 'mutiara', [10, 20]);
const body = {
  title: 'Concrete',
  counterpartyCompanyId: 'mutiara',
  items: [{ lineNo: 1, description: 'G30', unit: 'm3', quantity: '2.000', rate: '100.00', amount: '200.00', includeZeroRate: false }],
};

let revision = 0;
function stored(type: string, data: unknown): StoredEvent {
  const event = {
    id: String(revision),
    streamId: 'purchaseOrder-1',
    streamType: 'purchaseOrder',
    revision,
    globalPosition: revision + 1,
    type,
    data: data as JsonValue,
    metadata: { recordedAt: AT },
    prevHash: '',
    hash: '',
  };
  revision += 1;
  return event;
}

function givenCreated() {
  revision = 0;
  const { fields, statusEvent } = decideCreate('purchaseOrder', body, buyer([10]), AT);
  const events = creationEvents({
    resource: 'purchaseOrder',
    documentId: '1',
    documentNo: 'PO-2026-00001',
    actor: buyer([10]),
    fields,
    statusEvent,
  });
  return events.map((e) => stored(e.type, e.data));
}

function refusalOf(work: () => unknown): [number, string] {
  try {
    work();
  } catch (error) {
    if (error instanceof Refused) return [error.getStatus(), String(error.code)];
    throw error;
  }
  throw new Error('not refused');
}

describe('document decider', () => {
  it('Create records the fields with totals (SST on orders) and the machine event with the amount in RM', () => {
    const state = foldDocument(givenCreated())!;
    expect(state.fields.totals).toEqual({ subtotal: '200.00', sst: '12.00', total: '212.00' });
    expect(state.workflow.status).toBe('new');
    expect(state.workflow.context.amount).toBe(212);
    expect(state.revision).toBe(1);
  });

  it('given a created order, an edit records only what changed; a request then locks editing', () => {
    const events = givenCreated();
    const edited = decideEdit(foldDocument(events)!, { title: 'Concrete G30' }, buyer([10]), AT);
    expect(edited?.data.changes).toEqual({ title: 'Concrete G30' });
    expect(decideEdit(foldDocument(events)!, { title: 'Concrete' }, buyer([10]), AT)).toBeNull();
    const requested = decideAction(foldDocument(events)!, 'Request_Approve', {}, buyer([10]), AT);
    expect(requested).toMatchObject({ workflowEvent: 'Request_Approve', requiredLevels: [20], amount: 212 });
    const after = foldDocument([...events, stored('WorkflowStatusChanged', requested)])!;
    expect(refusalOf(() => decideEdit(after, { title: 'x' }, buyer([10]), AT))).toEqual([409, 'notEditable']);
  });

  it('refuses with the codes of the machine and of the document rules', () => {
    const state = foldDocument(givenCreated())!;
    expect(refusalOf(() => decideAction(state, 'Approve', {}, buyer([20], 'lim'), AT))).toEqual([409, 'approvalNotRequested']);
    expect(refusalOf(() => decideAction(state, 'Request_Approve', {}, buyer([20], 'lim'), AT))).toEqual([403, 'noAuthority']);
    expect(refusalOf(() => decideAction(state, 'Cancel', { remark: ' ' }, buyer([10]), AT))).toEqual([422, 'remarkRequired']);
    expect(refusalOf(() => decideAction(state, 'Request_Approve', { amount: '1.00' }, buyer([10]), AT))).toEqual([422, 'amountMismatch']);
    expect(refusalOf(() => decideAction(state, 'Confirm', {}, seller(), AT))).toEqual([409, 'wrongStatus']);
    expect(
      refusalOf(() => decideAction({ ...state, fields: { ...state.fields, items: [] } }, 'Request_Approve', {}, buyer([10]), AT)),
    ).toEqual([422, 'itemRequired']);
    expect(
      refusalOf(() => decideCreate('purchaseOrder', { ...body, startDate: '2026-03-02', endDate: '2026-03-01' }, buyer([10]), AT)),
    ).toEqual([422, 'endBeforeStart']);
    expect(refusalOf(() => decideEdit(state, { title: 'x' }, seller(), AT))).toEqual([403, 'notOwnerCompany']);
  });
});

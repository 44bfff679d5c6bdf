import { describe, expect, it } from '@jest/globals';
import type { AuthorityManual } from '@binaan/contracts';
import { availableActions } from './available-actions.js';
import { decide } from './decide.js';
import { decideOrThrow } from './refused-error.js';
import { foldStatusEvents, evolve, WorkflowReplayError } from './evolve.js';
import { userWith } from './testing/actors.js';
import { SYSTEM_ACTOR, type Actor, type WorkflowCommand, type WorkflowDecision, type WorkflowState } from './types.js';

const manual: AuthorityManual = {
  resource: 'purchaseOrder',
  levels: [
    { level: 20, limit: 50_000 },
    { level: 21, limit: 250_000 },
    { level: 22, limit: null },
  ],
  allowSelfApproval: false,
};
const buyer = (id: string, ...levels: (10 | 20 | 21 | 22 | 23)[]): Actor => userWith('purchaseOrder', id, 'BUYER-CO', levels);
const seller = userWith('purchaseOrder', 'seller-1', 'SELLER-CO', [20]);
const at = '2026-11-21T09:00:00.000Z';

function accepted(decision: WorkflowDecision<'purchaseOrder'>): WorkflowState<'purchaseOrder'> {
  if (!decision.ok) throw new Error(`refused: ${decision.refusal.code}`);
  return decision.state;
}

/** A purchase order of `amount` created by buyer-1 and sent for approval. */
function orderAwaitingApproval(amount: number, withManual: AuthorityManual = manual): WorkflowState<'purchaseOrder'> {
  const created = accepted(
    decide('purchaseOrder', null, { type: 'Create', at, amount, counterpartyCompanyId: 'SELLER-CO' }, buyer('buyer-1', 10, 20)),
  );
  return accepted(decide('purchaseOrder', created, { type: 'Request_Approve', at, amount, manual: withManual }, buyer('buyer-1', 10, 20)));
}

const send = (state: WorkflowState<'purchaseOrder'>, command: Omit<WorkflowCommand, 'at'>, actor: Actor) =>
  decide('purchaseOrder', state, { at, ...command }, actor);

describe('deciding a purchase order', () => {
  it('given RM 120,000 awaiting approval, when levels 1 and 2 approve, then it goes to the seller with both recorded', () => {
    const pending = orderAwaitingApproval(120_000);
    expect(pending.context.approval.requiredLevels).toEqual([20, 21]);
    const afterLevel1 = accepted(send(pending, { type: 'Approve' }, buyer('approver-1', 20)));
    expect(afterLevel1.status).toBe('new');
    const decision = send(afterLevel1, { type: 'Approve' }, buyer('approver-2', 21));
    expect(decision.ok && decision.state.status).toBe('pendingConfirmation');
    expect(decision.ok && decision.event).toMatchObject({
      workflowEvent: 'Approve',
      statusBefore: 'new',
      statusAfter: 'pendingConfirmation',
      actor: { userId: 'approver-2', companyId: 'BUYER-CO' },
      approvalLevel: 21,
      machineVersion: 1,
    });
  });

  it('given a level-1 approval, when level 3 approves before level 2, then noAuthority', () => {
    const afterLevel1 = accepted(send(orderAwaitingApproval(400_000), { type: 'Approve' }, buyer('approver-1', 20)));
    expect(send(afterLevel1, { type: 'Approve' }, buyer('approver-3', 22))).toMatchObject({ ok: false, refusal: { code: 'noAuthority' } });
  });

  it('given the creator holds level 1, when they approve, then selfApprovalForbidden; unless the manual allows it', () => {
    expect(send(orderAwaitingApproval(1_000), { type: 'Approve' }, buyer('buyer-1', 10, 20))).toMatchObject({
      ok: false,
      refusal: { code: 'selfApprovalForbidden' },
    });
    const lenient = orderAwaitingApproval(1_000, { ...manual, allowSelfApproval: true });
    expect(send(lenient, { type: 'Approve' }, buyer('buyer-1', 10, 20))).toMatchObject({
      ok: true,
      state: { status: 'pendingConfirmation' },
    });
  });

  it('given a manual capped at RM 50,000, when RM 60,000 is sent for approval, then limitExceeded', () => {
    const created = accepted(
      decide('purchaseOrder', null, { type: 'Create', at, amount: 60_000, counterpartyCompanyId: 'SELLER-CO' }, buyer('buyer-1', 10)),
    );
    const capped: AuthorityManual = { ...manual, levels: [{ level: 20, limit: 50_000 }] };
    expect(send(created, { type: 'Request_Approve', amount: 60_000, manual: capped }, buyer('buyer-1', 10))).toMatchObject({
      ok: false,
      refusal: { code: 'limitExceeded', status: 'new', event: 'Request_Approve' },
    });
  });

  it('given an order with the seller, when the seller rejects with a blank remark, then remarkRequired', () => {
    const sent = accepted(send(orderAwaitingApproval(1_000), { type: 'Approve' }, buyer('approver-1', 20)));
    expect(send(sent, { type: 'Reject_By_Seller', remark: '   ' }, seller)).toMatchObject({
      ok: false,
      refusal: { code: 'remarkRequired' },
    });
    expect(send(sent, { type: 'Reject_By_Seller', remark: 'price changed' }, seller)).toMatchObject({
      ok: true,
      state: { status: 'rejected' },
    });
  });

  it('given an order with the seller, when a buyer user confirms it, then notCounterparty', () => {
    const sent = accepted(send(orderAwaitingApproval(1_000), { type: 'Approve' }, buyer('approver-1', 20)));
    expect(send(sent, { type: 'Confirm' }, buyer('approver-1', 10, 20, 21))).toMatchObject({
      ok: false,
      refusal: { code: 'notCounterparty' },
    });
  });

  it('refuses what it cannot read: an unknown event, status, or machine version', () => {
    const pending = orderAwaitingApproval(1_000);
    expect(send(pending, { type: 'Pay' }, buyer('buyer-1', 10))).toMatchObject({ ok: false, refusal: { code: 'unknownEvent' } });
    const foreign = { ...pending, status: 'paid' } as unknown as WorkflowState<'purchaseOrder'>;
    expect(send(foreign, { type: 'Approve' }, buyer('approver-1', 20))).toMatchObject({ refusal: { code: 'unknownStatus' } });
    const future = { ...pending, context: { ...pending.context, machineVersion: 99 } };
    expect(send(future, { type: 'Approve' }, buyer('approver-1', 20))).toMatchObject({ refusal: { code: 'unknownMachineVersion' } });
  });
});

describe('available actions', () => {
  it('given an order awaiting level 1, then the level-1 approver sees Approve and Reject (with a remark field), the creator only Cancel', () => {
    const pending = orderAwaitingApproval(1_000);
    expect(availableActions('purchaseOrder', pending, buyer('approver-1', 20))).toEqual([
      { event: 'Approve', labelKey: 'resources.purchaseOrder.actions.Approve', requiredFields: [] },
      { event: 'Reject', labelKey: 'resources.purchaseOrder.actions.Reject', requiredFields: ['remark'] },
    ]);
    expect(availableActions('purchaseOrder', pending, buyer('buyer-1', 10)).map((a) => a.event)).toEqual(['Cancel']);
  });

  it('given no document, then a buyer with CreatePropose may create, asked for amount and seller', () => {
    expect(availableActions('purchaseOrder', null, buyer('buyer-1', 10))).toEqual([
      { event: 'Create', labelKey: 'resources.purchaseOrder.actions.Create', requiredFields: ['amount', 'counterpartyCompanyId'] },
    ]);
    expect(availableActions('purchaseOrder', null, buyer('viewer-1'))).toEqual([]);
  });
});

describe('replaying recorded status events', () => {
  it('given the recorded events of an order, when folded, then the state equals the decided one', () => {
    const created = decide(
      'purchaseOrder',
      null,
      { type: 'Create', at, amount: 900, counterpartyCompanyId: 'SELLER-CO' },
      buyer('buyer-1', 10),
    );
    if (!created.ok) throw new Error('refused');
    const requested = decide('purchaseOrder', created.state, { type: 'Request_Approve', at, amount: 900, manual }, buyer('buyer-1', 10));
    if (!requested.ok) throw new Error('refused');
    expect(requested.event.requiredLevels).toEqual([20]);
    expect(foldStatusEvents([created.event, requested.event])).toEqual(requested.state);
  });

  it('given an event that does not follow from the folded status, then a WorkflowReplayError', () => {
    const created = decide(
      'purchaseOrder',
      null,
      { type: 'Create', at, amount: 900, counterpartyCompanyId: 'SELLER-CO' },
      buyer('buyer-1', 10),
    );
    if (!created.ok) throw new Error('refused');
    const state = evolve(null, created.event);
    expect(() => evolve(state, { ...created.event, statusBefore: 'accepted' })).toThrow(WorkflowReplayError);
  });
});

describe('decideOrThrow', () => {
  it('given a refusal, then a WorkflowRefusedError with the HTTP status the api answers', () => {
    const pending = orderAwaitingApproval(1_000);
    expect(() => decideOrThrow('purchaseOrder', pending, { type: 'Approve', at }, buyer('nobody-1'))).toThrow(
      expect.objectContaining({ name: 'WorkflowRefusedError', httpStatus: 403, refusal: expect.objectContaining({ code: 'noAuthority' }) }),
    );
  });
});

describe('documents the system creates for a company', () => {
  it("given the system created a pending user for COMPANY-A, when COMPANY-A's administrator activates, then activated", () => {
    const created = decide('user', null, { type: 'Create', at, ownerCompanyId: 'COMPANY-A' }, SYSTEM_ACTOR);
    if (!created.ok) throw new Error(created.refusal.code);
    expect(created.event).toMatchObject({ ownerCompanyId: 'COMPANY-A', actor: { userId: 'system' } });
    const admin = userWith('user', 'admin-a', 'COMPANY-A', [20]);
    expect(decide('user', created.state, { type: 'Activate', at }, admin)).toMatchObject({ ok: true, state: { status: 'activated' } });
    expect(foldStatusEvents([created.event])).toEqual(created.state);
  });

  it("given a user of COMPANY-B, when they create a user in COMPANY-A's name, then notOwnerCompany", () => {
    const intruder = userWith('user', 'user-b', 'COMPANY-B', [10]);
    expect(decide('user', null, { type: 'Create', at, ownerCompanyId: 'COMPANY-A' }, intruder)).toMatchObject({
      ok: false,
      refusal: { code: 'notOwnerCompany' },
    });
  });
});

import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  approvalNotOpen,
  counterparty,
  hasCounterparty,
  own,
  remark,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

type SubOrderResource = 'subPurchaseOrder' | 'subRentalOrder';

const VERSION = 1;

/**
 * Sub purchase and sub rental orders: what a seller orders from its own supplier to fulfil an order. Same
 * shape as orders without fulfilled; the spec spells the waiting status "pending confirmation".
 */
export function subOrderWorkflow<R extends SubOrderResource>(resource: R): WorkflowDefinition<R> {
  const { go, approve, reject, escalate } = transitionsFor(resource);
  const machine = workflowSetup.createMachine({
    id: resource,
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext(resource, VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount, hasCounterparty]) } },
      new: {
        on: {
          Request_Approve: go('Request_Approve', 'new', [own(10), approvalNotOpen, amount, withinLimit], 'open'),
          Approve: approve('pending confirmation', 'new'),
          Reject: reject('rejected', 'new'),
          Escalate: escalate('new'),
          Cancel: go('Cancel', 'cancelled', [own(10), remark]),
        },
      },
      'pending confirmation': {
        on: {
          View: go('View', 'pending confirmation', [counterparty(10, 'seller')]),
          Confirm: go('Confirm', 'accepted', [counterparty(20, 'seller')]),
          Reject_By_Seller: go('Reject_By_Seller', 'rejected', [counterparty(20, 'seller'), remark]),
          Cancel: go('Cancel', 'cancelled', [own(20), remark]),
        },
      },
      accepted: { on: { Cancel: go('Cancel', 'cancelled', [own(20), remark]) } },
      rejected: { on: { Resubmit: go('Resubmit', 'new', [own(10), amount, withinLimit], 'open') } },
      cancelled: { type: 'final' },
    },
  });
  return {
    resource,
    version: VERSION,
    machine,
    decisions: [
      'As orders: approval while `new`, the last level sends it to the supplier ("pending confirmation"), who confirms or rejects (VerifyLevel1, remark to reject).',
      'View (supplier, CreatePropose) records that the supplier opened it, without changing the status.',
      'The list has no fulfilled: accepted stays until cancelled (VerifyLevel1, remark). cancelled is final; a rejected sub order is resubmitted.',
    ],
  };
}

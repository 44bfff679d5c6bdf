import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  approvalNotOpen,
  counterparty,
  hasCounterparty,
  own,
  remark,
  system,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

type OrderResource = 'purchaseOrder' | 'workOrder' | 'rentalOrder' | 'letterOfAward';

const VERSION = 1;

/**
 * Purchase, work, rental orders and letters of award share one status list and so one shape. The list has
 * no pendingApproval: the buyer's approval round runs while the order is `new`, and the last approval
 * sends it to the seller (pendingConfirmation, the seller's "received/new").
 */
export function orderWorkflow<R extends OrderResource>(resource: R): WorkflowDefinition<R> {
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
          Approve: approve('pendingConfirmation', 'new'),
          Reject: reject('rejected', 'new'),
          Escalate: escalate('new'),
          Cancel: go('Cancel', 'cancelled', [own(10), remark]),
        },
      },
      pendingConfirmation: {
        on: {
          // The seller opening the order is recorded (the buyer sees it was read); the status stays.
          View: go('View', 'pendingConfirmation', [counterparty(10, 'seller')]),
          Confirm: go('Confirm', 'accepted', [counterparty(20, 'seller')]),
          Reject_By_Seller: go('Reject_By_Seller', 'rejected', [counterparty(20, 'seller'), remark]),
          Cancel: go('Cancel', 'cancelled', [own(20), remark]),
        },
      },
      accepted: {
        on: {
          Fulfil: [go('Fulfil', 'fulfilled', [system]), go('Fulfil', 'fulfilled', [own(10)])],
          Cancel: go('Cancel', 'cancelled', [own(20), remark]),
        },
      },
      rejected: {
        on: { Resubmit: go('Resubmit', 'new', [own(10), amount, withinLimit], 'open') },
      },
      fulfilled: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
  return {
    resource,
    version: VERSION,
    machine,
    decisions: [
      'The buyer approves while the order is `new` (the list has no pendingApproval): Request_Approve opens the round, the last required level sends it to the seller as pendingConfirmation.',
      'The seller confirms or rejects with VerifyLevel1 (20) on the resource in the seller company; Reject_By_Seller needs a remark.',
      'The buyer may cancel with a remark: CreatePropose while `new`, VerifyLevel1 once sent to the seller or accepted.',
      'A rejected order (by an approver or the seller) is revised and resubmitted: Resubmit opens a new approval round.',
      'View (seller, CreatePropose) records that the seller opened the order, without changing its status.',
      'Fulfil is the buyer (CreatePropose) or the system when deliveries complete; fulfilled and cancelled are final.',
    ],
  };
}

import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
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

type FieldOrderResource = 'deliveryOrder' | 'serviceOrder';

const VERSION = 1;

/**
 * Delivery and service orders (spec prose for service orders: created, pending approval, approved or
 * rejected, then confirmed or rejected by the seller). "Approved" is `pending`: waiting for the other side.
 * Either side may create one (created_by_seller); the other company is the counterparty that confirms.
 */
export function fieldOrderWorkflow<R extends FieldOrderResource>(resource: R): WorkflowDefinition<R> {
  const { go, approve, reject, escalate } = transitionsFor(resource);
  const cancel = (level: 10 | 20) => go('Cancel', 'cancelled', [own(level), remark]);
  const machine = workflowSetup.createMachine({
    id: resource,
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext(resource, VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), hasCounterparty]) } },
      new: {
        on: {
          Request_Approve: go('Request_Approve', 'pendingApproval', [own(10), withinLimit], 'open'),
          Cancel: cancel(10),
        },
      },
      pendingApproval: {
        on: {
          Approve: approve('pending', 'pendingApproval'),
          Reject: reject('rejected', 'pendingApproval'),
          Escalate: escalate('pendingApproval'),
          Cancel: cancel(10),
        },
      },
      pending: {
        on: {
          View: go('View', 'pending', [counterparty(10)]),
          Confirm: go('Confirm', 'confirmed', [counterparty(20)]),
          Reject_By_Seller: go('Reject_By_Seller', 'rejected', [counterparty(20, 'seller'), remark]),
          Reject_By_Buyer: go('Reject_By_Buyer', 'rejected', [counterparty(20, 'buyer'), remark]),
          Cancel: cancel(20),
        },
      },
      confirmed: { on: { Fulfil: [go('Fulfil', 'fulfilled', [system]), go('Fulfil', 'fulfilled', [own(10)])] } },
      // The api records Invoice when the seller's invoice for this order is created.
      fulfilled: { on: { Invoice: go('Invoice', 'invoiced', [system]) } },
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingApproval', [own(10), withinLimit], 'open'),
          Cancel: cancel(10),
        },
      },
      invoiced: { type: 'final' },
      cancelled: { type: 'final' },
    },
  });
  return {
    resource,
    version: VERSION,
    machine,
    decisions: [
      'The creating company approves (pendingApproval); the last level sends the order to the other company as `pending`.',
      'The other company confirms (VerifyLevel1 there) or rejects with a remark: Reject_By_Seller when the buyer created the order, Reject_By_Buyer when the seller did (created_by_seller).',
      'View (the other company, CreatePropose) records that it opened the order, without changing the status.',
      'The creator marks a confirmed order fulfilled (delivered / service done), or the system does when quantities are complete.',
      "A fulfilled order becomes invoiced when the seller's invoice for it is created (recorded by the system); invoiced and cancelled are final.",
      'The amount is optional (a delivery order may carry quantities only); without one the round needs every level the manual configures.',
      "The spec's rule that an order needs delivery or service quantities before submission is checked by the api on the document, not by the machine.",
    ],
  };
}

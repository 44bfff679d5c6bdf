import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  counterparty,
  hasCounterparty,
  own,
  remark,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

const VERSION = 1;
const { go, approve, reject, escalate } = transitionsFor('invoice');
const cancel = (level: 10 | 20) => go('Cancel', 'cancelled', [own(level), remark]);

/**
 * An invoice the seller issues to the buyer: verified and approved inside the seller company, then (spec
 * prose) pending acceptance, accepted or rejected by the buyer.
 */
export const invoiceWorkflow: WorkflowDefinition<'invoice'> = {
  resource: 'invoice',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'invoice',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('invoice', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount, hasCounterparty]) } },
      new: {
        on: {
          Request_Verify: go('Request_Verify', 'pendingVerification', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel(10),
        },
      },
      // VerifyLevel1 verifies; further levels (if the amount needs them) approve in pendingApproval.
      pendingVerification: {
        on: {
          Approve: approve('pendingAcceptance', 'pendingApproval'),
          Reject: reject('rejected', 'pendingVerification'),
          Escalate: escalate('pendingVerification'),
          Cancel: cancel(10),
        },
      },
      pendingApproval: {
        on: {
          Approve: approve('pendingAcceptance', 'pendingApproval'),
          Reject: reject('rejected', 'pendingApproval'),
          Escalate: escalate('pendingApproval'),
          Cancel: cancel(10),
        },
      },
      pendingAcceptance: {
        on: {
          View: go('View', 'pendingAcceptance', [counterparty(10, 'buyer')]),
          Accept: go('Accept', 'accepted', [counterparty(20, 'buyer')]),
          Reject_By_Buyer: go('Reject_By_Buyer', 'rejected', [counterparty(20, 'buyer'), remark]),
          Cancel: cancel(20),
        },
      },
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingVerification', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel(10),
        },
      },
      accepted: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    'The issuing (seller) company runs one approval round over two statuses: pendingVerification holds VerifyLevel1, pendingApproval holds levels 2 to 4 when the amount needs them.',
    'The last required level sends the invoice to the buyer (pendingAcceptance); a buyer user with VerifyLevel1 accepts or rejects it (Reject_By_Buyer, remark).',
    'View (buyer, CreatePropose) records that the buyer opened the invoice, without changing the status.',
    'Invoices are created with the seller as owner; the buyer is the counterparty. accepted and cancelled are final; a rejected invoice is corrected and resubmitted.',
  ],
};

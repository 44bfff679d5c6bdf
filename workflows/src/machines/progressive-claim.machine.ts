import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
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

const VERSION = 1;
const { go, approve, reject, escalate } = transitionsFor('progressiveClaim');
const cancel = go('Cancel', 'cancelled', [own(10), remark]);

/**
 * A progressive claim of a contractor to its client: verified and approved inside the claimant, submitted
 * (approved), invoiced once certified, closed when settled. The client's certification is the payment
 * certificate document.
 */
export const progressiveClaimWorkflow: WorkflowDefinition<'progressiveClaim'> = {
  resource: 'progressiveClaim',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'progressiveClaim',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('progressiveClaim', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount, hasCounterparty]) } },
      new: {
        on: {
          Request_Verify: go('Request_Verify', 'pendingVerification', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel,
        },
      },
      pendingVerification: {
        on: {
          Approve: approve('approved', 'pendingApproval'),
          Reject: reject('rejected', 'pendingVerification'),
          Escalate: escalate('pendingVerification'),
          Cancel: cancel,
        },
      },
      pendingApproval: {
        on: {
          Approve: approve('approved', 'pendingApproval'),
          Reject: reject('rejected', 'pendingApproval'),
          Escalate: escalate('pendingApproval'),
          Cancel: cancel,
        },
      },
      approved: {
        on: {
          Invoice: go('Invoice', 'invoiced', [own(10)]),
          Reject_By_Buyer: go('Reject_By_Buyer', 'rejected', [counterparty(20, 'buyer'), remark]),
        },
      },
      invoiced: { on: { Close: [go('Close', 'closed', [system]), go('Close', 'closed', [own(20)])] } },
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingVerification', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel,
        },
      },
      closed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    'The claimant verifies (pendingVerification, VerifyLevel1) and approves (pendingApproval, levels 2 to 4 as the amount needs); the last level makes the claim approved and visible to the client.',
    'The client (counterparty, VerifyLevel1) may send an approved claim back with Reject_By_Buyer and a remark; its certification itself is a payment certificate.',
    'The claimant invoices an approved claim (invoiced); the system or VerifyLevel1 closes it when settled. closed and cancelled are final.',
  ],
};

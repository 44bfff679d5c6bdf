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
const { go, approve, reject, escalate } = transitionsFor('milestoneClaim');
const cancel = go('Cancel', 'cancelled', [own(10), remark]);

/** A milestone claim: approved inside the claimant, then certified by the client (§2.6 links). */
export const milestoneClaimWorkflow: WorkflowDefinition<'milestoneClaim'> = {
  resource: 'milestoneClaim',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'milestoneClaim',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('milestoneClaim', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount, hasCounterparty]) } },
      new: {
        on: {
          Request_Approve: go('Request_Approve', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel,
        },
      },
      pendingApproval: {
        on: {
          Approve: approve('pendingCertification', 'pendingApproval'),
          Reject: reject('rejected', 'pendingApproval'),
          Escalate: escalate('pendingApproval'),
          Cancel: cancel,
        },
      },
      pendingCertification: {
        on: {
          Certify: go('Certify', 'approved', [counterparty(20, 'buyer')]),
          Reject_By_Buyer: go('Reject_By_Buyer', 'rejected', [counterparty(20, 'buyer'), remark]),
        },
      },
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel,
        },
      },
      approved: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    '§4.10 has no milestone-claim list: pendingApproval and pendingCertification come from the §2.6 links, the rest from the payment-certificate list.',
    'The claimant approves; the last level sends it to the client (pendingCertification), whose VerifyLevel1 certifies (approved) or rejects it (Reject_By_Buyer, remark).',
    "The spec's rule that a milestone claim with claim items cannot be deleted is the api's (deletion is not a status).",
  ],
};

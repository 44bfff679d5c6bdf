import { initialContext } from '../context.js';
import {
  NO_DOCUMENT,
  amount,
  own,
  remark,
  system,
  transitionsFor,
  withinLimit,
  workflowSetup,
  type WorkflowDefinition,
} from '../define-workflow.js';

const VERSION = 1;
const { go, approve, reject, escalate } = transitionsFor('paymentCertificate');
const cancel = go('Cancel', 'cancelled', [own(10), remark]);

/** A payment certificate: the client certifies what it will pay on a claim, approved by its verify levels. */
export const paymentCertificateWorkflow: WorkflowDefinition<'paymentCertificate'> = {
  resource: 'paymentCertificate',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'paymentCertificate',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('paymentCertificate', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10), amount]) } },
      new: {
        on: {
          Request_Approve: go('Request_Approve', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
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
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingApproval', [own(10), amount, withinLimit], 'open'),
          Cancel: cancel,
        },
      },
      approved: { on: { Close: [go('Close', 'closed', [system]), go('Close', 'closed', [own(20)])] } },
      closed: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    'Approve is the certification: the certifier company\'s verify levels approve by amount; the spec\'s "certify" action is this round.',
    'An approved certificate is closed when paid (by the system or VerifyLevel1); closed and cancelled are final.',
  ],
};

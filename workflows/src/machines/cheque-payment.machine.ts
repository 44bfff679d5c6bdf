import { initialContext } from '../context.js';
import { NO_DOCUMENT, admin, own, remark, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('chequePayment');

/** A manual cheque or bank-draft payment of a subscription: the company records it, an administrator clears it. */
export const chequePaymentWorkflow: WorkflowDefinition<'chequePayment'> = {
  resource: 'chequePayment',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'chequePayment',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('chequePayment', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'pending', [own(10)]) } },
      pending: {
        on: {
          Confirm: go('Confirm', 'confirmed', [admin]),
          Reject: go('Reject', 'rejected', [admin, remark]),
        },
      },
      confirmed: { type: 'final' },
      rejected: { type: 'final' },
    },
  }),
  decisions: [
    'A company user with CreatePropose on chequePayment records the cheque; platform administrators confirm it on clearance or reject it with a remark. Both outcomes are final.',
  ],
};

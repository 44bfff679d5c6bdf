import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('stock');

/** A stock movement (receive, transfer, out, adjustment): confirmed, then received in part or in full. */
export const stockWorkflow: WorkflowDefinition<'stock'> = {
  resource: 'stock',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'stock',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('stock', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'pending', [own(10)]) } },
      pending: {
        on: {
          Confirm: go('Confirm', 'confirmed', [own(20)]),
          Reject: go('Reject', 'rejected', [own(20), remark]),
          Cancel: go('Cancel', 'cancelled', [own(10), remark]),
        },
      },
      confirmed: {
        on: {
          Receive_Part: go('Receive_Part', 'partial', [own(10)]),
          Receive_All: go('Receive_All', 'fully', [own(10)]),
          Cancel: go('Cancel', 'cancelled', [own(20), remark]),
        },
      },
      partial: {
        on: {
          Receive_Part: go('Receive_Part', 'partial', [own(10)]),
          Receive_All: go('Receive_All', 'fully', [own(10)]),
        },
      },
      fully: { type: 'final' },
      rejected: { type: 'final' },
      cancelled: { type: 'final' },
    },
  }),
  decisions: [
    'A movement is confirmed or rejected by VerifyLevel1 (one level, no amount); site staff (CreatePropose) record receipts.',
    'Receive_Part keeps a partial receipt open (each one recorded); Receive_All ends in fully. Quantities stay in the document; the api checks them (not above the remaining quantity).',
    'Once something was received the movement can no longer be cancelled.',
  ],
};

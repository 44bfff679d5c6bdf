import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, withinLimit, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go, approve, reject, escalate } = transitionsFor('billOfQuantity');

/**
 * A project's bill of quantity (spec §2.6: pending-approval, active, rejected): drafted (new) by whoever
 * proposes on billOfQuantity in the project, approved by its verify levels for the BQ's total, and
 * reopened (back to new, with a remark) when an approved BQ must be revised.
 */
export const billOfQuantityWorkflow: WorkflowDefinition<'billOfQuantity'> = {
  resource: 'billOfQuantity',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'billOfQuantity',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('billOfQuantity', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'new', [own(10)]) } },
      new: { on: { Request_Approve: go('Request_Approve', 'pendingApproval', [own(10), withinLimit], 'open') } },
      pendingApproval: {
        on: {
          Approve: approve('active', 'pendingApproval'),
          Reject: reject('rejected', 'pendingApproval'),
          Escalate: escalate('pendingApproval'),
        },
      },
      rejected: { on: { Resubmit: go('Resubmit', 'pendingApproval', [own(10), withinLimit], 'open') } },
      active: { on: { Reopen: go('Reopen', 'new', [own(10), remark]) } },
    },
  }),
  decisions: [
    'The BQ is edited (tabs and rows) only while new or rejected; pendingApproval and active are read only.',
    "Request_Approve and Resubmit carry the BQ's total as the amount: the manual's limits choose the verify levels.",
    'An active BQ is reopened to new (CreatePropose and a remark) to be revised, then approved again.',
  ],
};

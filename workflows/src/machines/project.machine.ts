import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, withinLimit, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go, approve, reject, escalate } = transitionsFor('project');

/** A project: drafted (new), approved by the company's verify levels, then active until closed and archived. */
export const projectWorkflow: WorkflowDefinition<'project'> = {
  resource: 'project',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'project',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('project', VERSION),
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
      rejected: {
        on: {
          Resubmit: go('Resubmit', 'pendingApproval', [own(10), withinLimit], 'open'),
          Archive: go('Archive', 'archived', [own(20)]),
        },
      },
      active: { on: { Close: go('Close', 'closed', [own(20), remark]) } },
      closed: {
        on: {
          Reopen: go('Reopen', 'active', [own(20), remark]),
          Archive: go('Archive', 'archived', [own(20)]),
        },
      },
      archived: { on: { Restore: go('Restore', 'closed', [own(20)]) } },
    },
  }),
  decisions: [
    'A project has no amount: its approval round needs every verify level the manual configures (VerifyLevel1 alone without a manual).',
    'Closing and reopening need VerifyLevel1 and a remark; a closed or rejected project can be archived, and Restore brings an archived project back to closed.',
  ],
};

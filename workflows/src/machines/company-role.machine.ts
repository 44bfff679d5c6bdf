import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('companyRole');

/** A user's role assignment in a company (spec §3.1: Pending 1, Active 2, Rejected 3, Inactive 4). */
export const companyRoleWorkflow: WorkflowDefinition<'companyRole'> = {
  resource: 'companyRole',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'companyRole',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('companyRole', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'pending', [own(10)]) } },
      pending: {
        on: {
          Approve: go('Approve', 'active', [own(20)]),
          Reject: go('Reject', 'rejected', [own(20), remark]),
        },
      },
      active: { on: { Deactivate: go('Deactivate', 'inactive', [own(20)]) } },
      inactive: { on: { Activate: go('Activate', 'active', [own(20)]) } },
      rejected: { type: 'final' },
    },
  }),
  decisions: [
    'A role assignment is proposed with CreatePropose (10) and approved or rejected by VerifyLevel1 (20) of the company; one level is enough (no amount, no manual).',
    'Deactivate and Activate toggle an approved role; a rejected proposal is final (propose a new one).',
  ],
};

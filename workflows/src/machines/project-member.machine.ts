import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go, approve, reject, escalate } = transitionsFor('projectMember');

/** Adding a member to a project: proposed (New), then Approved or Rejected by the project's verify levels. */
export const projectMemberWorkflow: WorkflowDefinition<'projectMember'> = {
  resource: 'projectMember',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'projectMember',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('projectMember', VERSION),
    states: {
      // Proposing a member is the request for approval: Create opens the round.
      [NO_DOCUMENT]: { on: { Create: go('Create', 'New', [own(10)], 'open') } },
      New: {
        on: {
          Approve: approve('Approved', 'New'),
          Reject: reject('Rejected', 'New'),
          Escalate: escalate('New'),
          Cancel: go('Cancel', 'Rejected', [own(10), remark]),
        },
      },
      Approved: { on: { Reject: go('Reject', 'Rejected', [own(20), remark]) } },
      Rejected: { type: 'final' },
    },
  }),
  decisions: [
    'Create opens the approval round at once (the list has no draft status); the verify levels come from the manual without an amount.',
    'The proposer may withdraw a New member with Cancel (a remark), which ends as Rejected: the list has no cancelled status.',
    'An approved member is removed with Reject by VerifyLevel1 and a remark; Rejected is final (propose again).',
  ],
};

import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, system, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('user');
const terminate = go('Terminate', 'terminated', [own(20), remark]);

/** A user of a company: invited or registered (pending), then activated, suspended, deactivated, terminated. */
export const userWorkflow: WorkflowDefinition<'user'> = {
  resource: 'user',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'user',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('user', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: [go('Create', 'pending', [system]), go('Create', 'pending', [own(10)])] } },
      pending: {
        on: {
          Activate: [go('Activate', 'activated', [system]), go('Activate', 'activated', [own(20)])],
          Reject: go('Reject', 'deactivated', [own(20), remark]),
          Terminate: terminate,
        },
      },
      activated: {
        on: {
          Suspend: go('Suspend', 'suspended', [own(20), remark]),
          Deactivate: go('Deactivate', 'deactivated', [own(20)]),
          Terminate: terminate,
        },
      },
      suspended: {
        on: {
          Activate: go('Activate', 'activated', [own(20)]),
          Deactivate: go('Deactivate', 'deactivated', [own(20)]),
          Terminate: terminate,
        },
      },
      deactivated: {
        on: {
          Activate: go('Activate', 'activated', [own(20)]),
          Terminate: terminate,
        },
      },
      terminated: { type: 'final' },
    },
  }),
  decisions: [
    'The system creates a user on sign-up and activates on the activation code; a company administrator (level 10 to invite, 20 for the rest) does the same by hand.',
    'A pending user cannot be suspended (spec §6): Suspend exists only from activated. Rejecting a pending user deactivates them.',
    'Suspend, Reject and Terminate need a remark; terminated is final (spec: "user terminated").',
    "Refusals carry the spec's messages as detail: pendingUserCannotBeSuspended, userAlreadySuspended, userAlreadyActivated, userAlreadyDeactivated, userTerminated.",
  ],
  refusalDetails: {
    pending: { Suspend: 'pendingUserCannotBeSuspended', Deactivate: 'pendingUserCannotBeSuspended' },
    activated: { Activate: 'userAlreadyActivated' },
    suspended: { Suspend: 'userAlreadySuspended' },
    deactivated: { Deactivate: 'userAlreadyDeactivated', Suspend: 'userAlreadyDeactivated' },
    terminated: {
      Activate: 'userTerminated',
      Suspend: 'userTerminated',
      Deactivate: 'userTerminated',
      Terminate: 'userTerminated',
      Reject: 'userTerminated',
    },
  },
};

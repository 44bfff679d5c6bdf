import { initialContext } from '../context.js';
import { NO_DOCUMENT, admin, own, remark, system, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('companySubmission');

/** A company's profile submission to the platform (spec §3.1: InProgress 1, Submitted 2, Approved 3, Archived 4). */
export const companySubmissionWorkflow: WorkflowDefinition<'companySubmission'> = {
  resource: 'companySubmission',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'companySubmission',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('companySubmission', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: [go('Create', 'inProgress', [system]), go('Create', 'inProgress', [own(10)])] } },
      inProgress: { on: { Submit: go('Submit', 'submitted', [own(10)]) } },
      submitted: {
        on: {
          Approve: go('Approve', 'approved', [admin]),
          Reject: go('Reject', 'inProgress', [admin, remark]),
        },
      },
      approved: { on: { Archive: [go('Archive', 'archived', [system]), go('Archive', 'archived', [admin])] } },
      archived: { type: 'final' },
    },
  }),
  decisions: [
    'The company submits with CreatePropose on companySubmission; platform administrators approve or reject.',
    'The list has no rejected status: Reject (with a remark) sends the submission back to inProgress for changes.',
    'An approved submission is archived when a newer one is approved (by the system) or by an administrator; archived is final.',
  ],
};

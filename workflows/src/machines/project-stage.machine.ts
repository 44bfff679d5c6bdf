import { initialContext } from '../context.js';
import { NO_DOCUMENT, own, remark, transitionsFor, workflowSetup, type WorkflowDefinition } from '../define-workflow.js';

const VERSION = 1;
const { go } = transitionsFor('projectStage');
const terminate = go('Terminate', 'terminated', [own(20), remark]);

/** A stage of a project's progress: on going, on hold, restarted, terminated. */
export const projectStageWorkflow: WorkflowDefinition<'projectStage'> = {
  resource: 'projectStage',
  version: VERSION,
  machine: workflowSetup.createMachine({
    id: 'projectStage',
    version: String(VERSION),
    initial: NO_DOCUMENT,
    context: initialContext('projectStage', VERSION),
    states: {
      [NO_DOCUMENT]: { on: { Create: go('Create', 'onGoing', [own(10)]) } },
      onGoing: { on: { Hold: go('Hold', 'onHold', [own(20), remark]), Terminate: terminate } },
      onHold: { on: { Restart: go('Restart', 'restart', [own(20)]), Terminate: terminate } },
      restart: { on: { Hold: go('Hold', 'onHold', [own(20), remark]), Terminate: terminate } },
      terminated: { type: 'final' },
    },
  }),
  decisions: [
    '`restart` is a stage that went on again after a hold; it behaves like onGoing but keeps the record that it was held.',
    'Hold and Terminate need VerifyLevel1 and a remark; Restart needs VerifyLevel1; terminated is final.',
  ],
};

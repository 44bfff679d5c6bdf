import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('projectStage', [
  [null, 'Create', 'onGoing', 'own10'],
  ['onGoing', 'Hold', 'onHold', 'own20', 'remark'],
  ['onGoing', 'Terminate', 'terminated', 'own20', 'remark'],
  ['onHold', 'Restart', 'restart', 'own20'],
  ['onHold', 'Terminate', 'terminated', 'own20', 'remark'],
  ['restart', 'Hold', 'onHold', 'own20', 'remark'],
  ['restart', 'Terminate', 'terminated', 'own20', 'remark'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('chequePayment', [
  [null, 'Create', 'pending', 'own10'],
  ['pending', 'Confirm', 'confirmed', 'admin'],
  ['pending', 'Reject', 'rejected', 'admin', 'remark'],
] satisfies Row[]);

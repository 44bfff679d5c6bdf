import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('companySubmission', [
  [null, 'Create', 'inProgress', 'system'],
  [null, 'Create', 'inProgress', 'own10'],
  ['inProgress', 'Submit', 'submitted', 'own10'],
  ['submitted', 'Approve', 'approved', 'admin'],
  ['submitted', 'Reject', 'inProgress', 'admin', 'remark'],
  ['approved', 'Archive', 'archived', 'system'],
  ['approved', 'Archive', 'archived', 'admin'],
] satisfies Row[]);

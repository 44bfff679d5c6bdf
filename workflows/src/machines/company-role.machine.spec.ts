import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('companyRole', [
  [null, 'Create', 'pending', 'own10'],
  ['pending', 'Approve', 'active', 'own20'],
  ['pending', 'Reject', 'rejected', 'own20', 'remark'],
  ['active', 'Deactivate', 'inactive', 'own20'],
  ['inactive', 'Activate', 'active', 'own20'],
] satisfies Row[]);

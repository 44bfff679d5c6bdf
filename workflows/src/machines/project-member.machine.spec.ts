import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('projectMember', [
  [null, 'Create', 'New', 'own10'],
  ['New', 'Approve', 'Approved', 'approver'],
  ['New', 'Approve', 'New', 'approver', 'more'],
  ['New', 'Reject', 'Rejected', 'approver', 'remark'],
  ['New', 'Reject', 'New', 'approver', 'remark', 'vote'],
  ['New', 'Escalate', 'New', 'system', 'round'],
  ['New', 'Cancel', 'Rejected', 'own10', 'remark'],
  ['Approved', 'Reject', 'Rejected', 'own20', 'remark'],
] satisfies Row[]);

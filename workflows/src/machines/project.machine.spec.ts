import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('project', [
  [null, 'Create', 'new', 'own10'],
  ['new', 'Request_Approve', 'pendingApproval', 'own10'],
  ['pendingApproval', 'Approve', 'active', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
  ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
  ['rejected', 'Resubmit', 'pendingApproval', 'own10'],
  ['rejected', 'Archive', 'archived', 'own20'],
  ['active', 'Close', 'closed', 'own20', 'remark'],
  ['closed', 'Reopen', 'active', 'own20', 'remark'],
  ['closed', 'Archive', 'archived', 'own20'],
  ['archived', 'Restore', 'closed', 'own20'],
] satisfies Row[]);

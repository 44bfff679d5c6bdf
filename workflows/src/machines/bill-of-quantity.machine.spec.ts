import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('billOfQuantity', [
  [null, 'Create', 'new', 'own10'],
  ['new', 'Request_Approve', 'pendingApproval', 'own10'],
  ['pendingApproval', 'Approve', 'active', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
  ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
  ['rejected', 'Resubmit', 'pendingApproval', 'own10'],
  ['active', 'Reopen', 'new', 'own10', 'remark'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('paymentCertificate', [
  [null, 'Create', 'new', 'own10', 'amount'],
  ['new', 'Request_Approve', 'pendingApproval', 'own10', 'amount'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingApproval', 'Approve', 'approved', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
  ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
  ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['rejected', 'Resubmit', 'pendingApproval', 'own10', 'amount'],
  ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['approved', 'Close', 'closed', 'system'],
  ['approved', 'Close', 'closed', 'own20'],
] satisfies Row[]);

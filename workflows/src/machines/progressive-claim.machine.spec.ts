import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('progressiveClaim', [
  [null, 'Create', 'new', 'own10', 'amount', 'counterparty'],
  ['new', 'Request_Verify', 'pendingVerification', 'own10', 'amount'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingVerification', 'Approve', 'approved', 'approver'],
  ['pendingVerification', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingVerification', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingVerification', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingApproval', 'Approve', 'approved', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['approved', 'Invoice', 'invoiced', 'own10'],
  ['approved', 'Reject_By_Buyer', 'rejected', 'cp20-buyer', 'remark'],
  ['invoiced', 'Close', 'closed', 'system'],
  ['invoiced', 'Close', 'closed', 'own20'],
  ['rejected', 'Resubmit', 'pendingVerification', 'own10', 'amount'],
  ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
] satisfies Row[]);

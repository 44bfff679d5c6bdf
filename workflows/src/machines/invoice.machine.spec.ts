import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('invoice', [
  [null, 'Create', 'new', 'own10', 'amount', 'counterparty'],
  ['new', 'Request_Verify', 'pendingVerification', 'own10', 'amount'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingVerification', 'Approve', 'pendingAcceptance', 'approver'],
  ['pendingVerification', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingVerification', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingVerification', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingApproval', 'Approve', 'pendingAcceptance', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingAcceptance', 'View', 'pendingAcceptance', 'cp10-buyer'],
  ['pendingAcceptance', 'Accept', 'accepted', 'cp20-buyer'],
  ['pendingAcceptance', 'Reject_By_Buyer', 'rejected', 'cp20-buyer', 'remark'],
  ['pendingAcceptance', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['rejected', 'Resubmit', 'pendingVerification', 'own10', 'amount'],
  ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('milestoneClaim', [
  [null, 'Create', 'new', 'own10', 'amount', 'counterparty'],
  ['new', 'Request_Approve', 'pendingApproval', 'own10', 'amount'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingApproval', 'Approve', 'pendingCertification', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
  ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
  ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingCertification', 'Certify', 'approved', 'cp20-buyer'],
  ['pendingCertification', 'Reject_By_Buyer', 'rejected', 'cp20-buyer', 'remark'],
  ['rejected', 'Resubmit', 'pendingApproval', 'own10', 'amount'],
  ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

// Variation orders (decisions in variation-order.machine.ts).
describeWorkflowTable('variationOrder', [
  [null, 'Create', 'new', 'own10', 'amount', 'counterparty'],
  ['new', 'Request_Approve', 'pendingApproval', 'own10', 'amount'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingApproval', 'Approve', 'issued', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
  ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
  ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['rejected', 'Resubmit', 'pendingApproval', 'own10', 'amount'],
  ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['issued', 'View', 'issued', 'cp10-seller'],
  ['issued', 'Confirm', 'accepted', 'cp20-seller'],
] satisfies Row[]);

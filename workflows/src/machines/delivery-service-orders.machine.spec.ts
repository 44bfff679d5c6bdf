import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

const fieldOrderTable: Row[] = [
  [null, 'Create', 'new', 'own10', 'counterparty'],
  ['new', 'Request_Approve', 'pendingApproval', 'own10'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingApproval', 'Approve', 'pending', 'approver'],
  ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
  ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
  ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
  ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
  ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pending', 'View', 'pending', 'cp10'],
  ['pending', 'Confirm', 'confirmed', 'cp20'],
  ['pending', 'Reject_By_Seller', 'rejected', 'cp20-seller', 'remark'],
  // A seller-created order: the buyer is the counterparty and rejects it.
  ['pending', 'Reject_By_Buyer', 'rejected', 'cp20-buyer', 'remark', 'seller-created'],
  ['pending', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['confirmed', 'Fulfil', 'fulfilled', 'system'],
  ['confirmed', 'Fulfil', 'fulfilled', 'own10'],
  ['fulfilled', 'Invoice', 'invoiced', 'system'],
  ['rejected', 'Resubmit', 'pendingApproval', 'own10'],
  ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
];

describeWorkflowTable('deliveryOrder', fieldOrderTable);
describeWorkflowTable('serviceOrder', fieldOrderTable);

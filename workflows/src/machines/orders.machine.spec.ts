import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

// Given an order in the status on the left, when the actor sends the event, then it moves to the status on
// the right; every other event in that status is refused with wrongStatus.
const orderTable: Row[] = [
  [null, 'Create', 'new', 'own10', 'amount', 'counterparty'],
  ['new', 'Request_Approve', 'new', 'own10', 'amount'],
  ['new', 'Approve', 'pendingConfirmation', 'approver'],
  ['new', 'Approve', 'new', 'approver', 'more'],
  ['new', 'Reject', 'rejected', 'approver', 'remark'],
  ['new', 'Reject', 'new', 'approver', 'remark', 'vote'],
  ['new', 'Escalate', 'new', 'system', 'round'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingConfirmation', 'View', 'pendingConfirmation', 'cp10-seller'],
  ['pendingConfirmation', 'Confirm', 'accepted', 'cp20-seller'],
  ['pendingConfirmation', 'Reject_By_Seller', 'rejected', 'cp20-seller', 'remark'],
  ['pendingConfirmation', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['accepted', 'Fulfil', 'fulfilled', 'system'],
  ['accepted', 'Fulfil', 'fulfilled', 'own10'],
  ['accepted', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['rejected', 'Resubmit', 'new', 'own10', 'amount'],
];

describeWorkflowTable('purchaseOrder', orderTable);
describeWorkflowTable('workOrder', orderTable);
describeWorkflowTable('rentalOrder', orderTable);
describeWorkflowTable('letterOfAward', orderTable);

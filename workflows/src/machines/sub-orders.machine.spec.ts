import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

const subOrderTable: Row[] = [
  [null, 'Create', 'new', 'own10', 'amount', 'counterparty'],
  ['new', 'Request_Approve', 'new', 'own10', 'amount'],
  ['new', 'Approve', 'pending confirmation', 'approver'],
  ['new', 'Approve', 'new', 'approver', 'more'],
  ['new', 'Reject', 'rejected', 'approver', 'remark'],
  ['new', 'Reject', 'new', 'approver', 'remark', 'vote'],
  ['new', 'Escalate', 'new', 'system', 'round'],
  ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pending confirmation', 'View', 'pending confirmation', 'cp10-seller'],
  ['pending confirmation', 'Confirm', 'accepted', 'cp20-seller'],
  ['pending confirmation', 'Reject_By_Seller', 'rejected', 'cp20-seller', 'remark'],
  ['pending confirmation', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['accepted', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['rejected', 'Resubmit', 'new', 'own10', 'amount'],
];

describeWorkflowTable('subPurchaseOrder', subOrderTable);
describeWorkflowTable('subRentalOrder', subOrderTable);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('billing', [
  [null, 'Create', 'new', 'system'],
  [null, 'Create', 'new', 'admin'],
  ['new', 'Issue', 'pendingPayment', 'system'],
  ['new', 'Issue', 'pendingPayment', 'admin'],
  ['new', 'Cancel', 'cancelled', 'admin', 'remark'],
  ['pendingPayment', 'Pay', 'paid', 'system'],
  ['pendingPayment', 'Pay', 'paid', 'admin'],
  ['pendingPayment', 'Cancel', 'cancelled', 'admin', 'remark'],
] satisfies Row[]);

describeWorkflowTable('coupon', [
  [null, 'Create', 'active', 'admin'],
  ['active', 'Deactivate', 'inactive', 'admin'],
  ['active', 'Redeem', 'redeemed', 'system'],
  ['inactive', 'Activate', 'active', 'admin'],
] satisfies Row[]);

describeWorkflowTable('inquiry', [
  [null, 'Create', 'new', 'anyone'],
  ['new', 'Close', 'close', 'admin'],
  ['new', 'Cancel', 'cancel', 'admin', 'remark'],
  ['new', 'Cancel', 'cancel', 'creator', 'remark'],
  ['close', 'Reopen', 'new', 'admin'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('companyRelation', [
  [null, 'Create', 'noRelation', 'system'],
  [null, 'Create', 'noRelation', 'own10'],
  ['noRelation', 'Invite', 'invited', 'own10'],
  ['noRelation', 'Receive_Invite', 'beInvited', 'system'],
  ['invited', 'Confirm', 'approved', 'system'],
  ['invited', 'Reject_By_System', 'cancelled', 'system'],
  ['invited', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['beInvited', 'Accept', 'approved', 'own10'],
  ['beInvited', 'Reject', 'cancelled', 'own10', 'remark'],
  ['beInvited', 'Reject_By_System', 'cancelled', 'system'],
  ['approved', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['approved', 'Reject_By_System', 'cancelled', 'system'],
  ['cancelled', 'Invite', 'invited', 'own10'],
  ['cancelled', 'Receive_Invite', 'beInvited', 'system'],
] satisfies Row[]);

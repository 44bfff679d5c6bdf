import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

describeWorkflowTable('stock', [
  [null, 'Create', 'pending', 'own10'],
  ['pending', 'Confirm', 'confirmed', 'own20'],
  ['pending', 'Reject', 'rejected', 'own20', 'remark'],
  ['pending', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['confirmed', 'Receive_Part', 'partial', 'own10'],
  ['confirmed', 'Receive_All', 'fully', 'own10'],
  ['confirmed', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['partial', 'Receive_Part', 'partial', 'own10'],
  ['partial', 'Receive_All', 'fully', 'own10'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

// Instructions (decisions in instruction.machine.ts).
describeWorkflowTable('instruction', [
  [null, 'Create', 'pending', 'own10', 'counterparty'],
  ['pending', 'Issue', 'pendingAcceptance', 'own20'],
  ['pending', 'Cancel', 'cancelled', 'own10', 'remark'],
  ['pendingAcceptance', 'View', 'pendingAcceptance', 'cp10'],
  ['pendingAcceptance', 'Accept', 'accepted', 'cp20'],
  ['pendingAcceptance', 'Cancel', 'cancelled', 'own20', 'remark'],
  ['accepted', 'Submit', 'submitted', 'cp10'],
] satisfies Row[]);

import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

for (const resource of ['ongoingBudget', 'progressPlanning'] as const) {
  describeWorkflowTable(resource, [
    [null, 'Create', 'pending', 'own10'],
    ['pending', 'Approve', 'approved', 'approver'],
    ['pending', 'Approve', 'pending', 'approver', 'more'],
    ['pending', 'Reject', 'rejected', 'approver', 'remark'],
    ['pending', 'Reject', 'pending', 'approver', 'remark', 'vote'],
    ['pending', 'Escalate', 'pending', 'system', 'round'],
    ['rejected', 'Resubmit', 'pending', 'own10'],
    ['approved', 'Reopen', 'pending', 'own10', 'remark'],
  ] satisfies Row[]);
}

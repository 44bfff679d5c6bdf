import { describeWorkflowTable, type Row } from '../testing/workflow-table.js';

// Requests (material, machine, trade): one status list, one shape (decisions in request.machine.ts).
for (const resource of ['materialRequest', 'machineRequest', 'tradeRequest'] as const) {
  describeWorkflowTable(resource, [
    [null, 'Create', 'new', 'own10', 'amount'],
    ['new', 'Request_Approve', 'pendingApproval', 'own10', 'amount'],
    ['new', 'Cancel', 'cancelled', 'own10', 'remark'],
    ['pendingApproval', 'Approve', 'approved', 'approver'],
    ['pendingApproval', 'Approve', 'pendingApproval', 'approver', 'more'],
    ['pendingApproval', 'Reject', 'rejected', 'approver', 'remark'],
    ['pendingApproval', 'Reject', 'pendingApproval', 'approver', 'remark', 'vote'],
    ['pendingApproval', 'Escalate', 'pendingApproval', 'system', 'round'],
    ['pendingApproval', 'Cancel', 'cancelled', 'own10', 'remark'],
    ['rejected', 'Resubmit', 'pendingApproval', 'own10', 'amount'],
    ['rejected', 'Cancel', 'cancelled', 'own10', 'remark'],
  ] satisfies Row[]);
}

// Workflow events (what a user or the system asks a document to do). The first thirteen are the spec's
// (§4.10); the rest are the document actions it names (cancel, archive, restore, submit, certify, ...) in
// the same spelling style. Names are stable: recorded history refers to them.
export const WorkflowEvents = {
  Create: 'Create',
  Request_Approve: 'Request_Approve',
  Approve: 'Approve',
  Reject: 'Reject',
  Reject_By_System: 'Reject_By_System',
  Close: 'Close',
  Activate: 'Activate',
  Confirm: 'Confirm',
  Accept: 'Accept',
  View: 'View',
  Request_Verify: 'Request_Verify',
  Reject_By_Seller: 'Reject_By_Seller',
  Reject_By_Buyer: 'Reject_By_Buyer',
  Cancel: 'Cancel',
  Archive: 'Archive',
  Restore: 'Restore',
  Reopen: 'Reopen',
  Submit: 'Submit',
  Certify: 'Certify',
  Resubmit: 'Resubmit',
  Fulfil: 'Fulfil',
  Invoice: 'Invoice',
  Suspend: 'Suspend',
  Deactivate: 'Deactivate',
  Terminate: 'Terminate',
  Hold: 'Hold',
  Restart: 'Restart',
  Invite: 'Invite',
  Receive_Invite: 'Receive_Invite',
  Shortlist: 'Shortlist',
  Evaluate: 'Evaluate',
  Draft_Contract: 'Draft_Contract',
  Receive_Part: 'Receive_Part',
  Receive_All: 'Receive_All',
  Issue: 'Issue',
  Pay: 'Pay',
  Redeem: 'Redeem',
  /** The platform's timer: an approval level overdue past its response time is opened to its escalation target. */
  Escalate: 'Escalate',
} as const;

export type WorkflowEventName = keyof typeof WorkflowEvents;

export const WorkflowEventNames = Object.keys(WorkflowEvents) as WorkflowEventName[];

export function isWorkflowEventName(name: string): name is WorkflowEventName {
  return Object.prototype.hasOwnProperty.call(WorkflowEvents, name);
}

/** Fields a command may have to carry, listed per action so the ui can draw its form without logic. */
export type WorkflowCommandField = 'remark' | 'amount' | 'counterpartyCompanyId';

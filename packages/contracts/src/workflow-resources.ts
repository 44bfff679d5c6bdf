// Every status list of signed-in-area.md §4.10 (and the flows its prose spells out), with statuses spelled
// exactly as the spec spells them. The workflow machines, the api and the ui all read them from here.

/** Status lists, one per workflow resource. Order follows the spec's table (creation status first where the spec differs is irrelevant). */
export const WorkflowStatuses = {
  companyRole: ['pending', 'active', 'rejected', 'inactive'],
  user: ['pending', 'activated', 'suspended', 'deactivated', 'terminated'],
  project: ['active', 'new', 'pendingApproval', 'closed', 'rejected', 'archived'],
  projectMember: ['New', 'Approved', 'Rejected'],
  projectStage: ['onGoing', 'terminated', 'onHold', 'restart'],
  companySubmission: ['inProgress', 'submitted', 'approved', 'archived'],
  companyRelation: ['noRelation', 'invited', 'beInvited', 'approved', 'cancelled'],
  tender: [
    'new',
    'pendingActivation',
    'active',
    'rejected',
    'cancelled',
    'comparison',
    'draftContract',
    'pendingContractApproval',
    'contractAwarded',
    'draftContractRejected',
  ],
  purchaseOrder: ['pendingConfirmation', 'accepted', 'fulfilled', 'rejected', 'cancelled', 'new'],
  workOrder: ['pendingConfirmation', 'accepted', 'fulfilled', 'rejected', 'cancelled', 'new'],
  rentalOrder: ['pendingConfirmation', 'accepted', 'fulfilled', 'rejected', 'cancelled', 'new'],
  letterOfAward: ['pendingConfirmation', 'accepted', 'fulfilled', 'rejected', 'cancelled', 'new'],
  // The spec writes this one with a space; it is kept as written (see workflows/README.md).
  subPurchaseOrder: ['pending confirmation', 'accepted', 'new', 'rejected', 'cancelled'],
  subRentalOrder: ['pending confirmation', 'accepted', 'new', 'rejected', 'cancelled'],
  deliveryOrder: ['new', 'pending', 'pendingApproval', 'confirmed', 'fulfilled', 'cancelled', 'rejected', 'invoiced'],
  serviceOrder: ['new', 'pending', 'pendingApproval', 'confirmed', 'fulfilled', 'cancelled', 'rejected', 'invoiced'],
  invoice: ['new', 'accepted', 'rejected', 'cancelled', 'pendingVerification', 'pendingAcceptance', 'pendingApproval'],
  progressiveClaim: ['new', 'pendingApproval', 'pendingVerification', 'approved', 'closed', 'cancelled', 'rejected', 'invoiced'],
  // Not in §4.10: pendingApproval and pendingCertification come from the §2.6 notification links, the rest
  // from the payment-certificate list that certifies claims.
  milestoneClaim: ['new', 'pendingApproval', 'pendingCertification', 'approved', 'rejected', 'cancelled'],
  paymentCertificate: ['new', 'pendingApproval', 'approved', 'rejected', 'closed', 'cancelled'],
  stock: ['pending', 'confirmed', 'rejected', 'cancelled', 'partial', 'fully'],
  billing: ['new', 'pendingPayment', 'paid', 'cancelled'],
  coupon: ['active', 'inactive', 'redeemed'],
  inquiry: ['new', 'close', 'cancel'],
  chequePayment: ['pending', 'confirmed', 'rejected'],
  // Spec §2.6 targets /bill-of-quantity/{projectId}/{pending-approval, rejected, active}; new while drafted.
  billOfQuantity: ['new', 'pendingApproval', 'active', 'rejected'],
  // Spec §2.6 targets /ongoing-budget/{projectId}/{pending, rejected, approved}: a project's ongoing budget.
  ongoingBudget: ['pending', 'approved', 'rejected'],
  // Spec §2.6 targets /project-progress-planning/{projectId}/{pending, approved, rejected}: a project's progress plan.
  progressPlanning: ['pending', 'approved', 'rejected'],
  // Not in §4.10: requests (material, machine, trade; §2.5, §2.6 /request/{projectId}/{kind}/{pending, rejected})
  // go as purchase requisitions do in Procore and SAP Ariba: drafted, sent for approval, approved or rejected.
  materialRequest: ['new', 'pendingApproval', 'approved', 'rejected', 'cancelled'],
  machineRequest: ['new', 'pendingApproval', 'approved', 'rejected', 'cancelled'],
  tradeRequest: ['new', 'pendingApproval', 'approved', 'rejected', 'cancelled'],
  // Not in §4.10: variation orders (§2.5) on an awarded contract, approved by amount and then issued to the
  // contractor, who acknowledges them (accepted); the documents context's README says why.
  variationOrder: ['new', 'pendingApproval', 'issued', 'accepted', 'rejected', 'cancelled'],
  // §2.6 targets /instruction/{projectId}/pending and receivedInstruction/{pendingAcceptance, accepted, submitted}.
  instruction: ['pending', 'pendingAcceptance', 'accepted', 'submitted', 'cancelled'],
} as const;

export type WorkflowResource = keyof typeof WorkflowStatuses;

/** The statuses of one resource, or of all resources when R is the whole union. */
export type WorkflowStatus<R extends WorkflowResource = WorkflowResource> = (typeof WorkflowStatuses)[R][number];

export const WorkflowResourceNames = Object.keys(WorkflowStatuses) as WorkflowResource[];

/**
 * Where a resource's authority comes from: project authority (workflow assignments of the document's project),
 * company authority (company workflow assignments), or the platform administrators (user type 2).
 */
export type WorkflowAuthorityScope = 'company' | 'project' | 'platform';

export const WorkflowAuthorityScopes: Readonly<Record<WorkflowResource, WorkflowAuthorityScope>> = {
  companyRole: 'company',
  user: 'company',
  project: 'company',
  projectMember: 'project',
  projectStage: 'project',
  companySubmission: 'company',
  companyRelation: 'company',
  tender: 'project',
  purchaseOrder: 'project',
  workOrder: 'project',
  rentalOrder: 'project',
  letterOfAward: 'project',
  subPurchaseOrder: 'project',
  subRentalOrder: 'project',
  deliveryOrder: 'project',
  serviceOrder: 'project',
  invoice: 'project',
  progressiveClaim: 'project',
  milestoneClaim: 'project',
  paymentCertificate: 'project',
  stock: 'project',
  billing: 'platform',
  coupon: 'platform',
  inquiry: 'platform',
  chequePayment: 'company',
  billOfQuantity: 'project',
  ongoingBudget: 'project',
  progressPlanning: 'project',
  materialRequest: 'project',
  machineRequest: 'project',
  tradeRequest: 'project',
  variationOrder: 'project',
  instruction: 'project',
};

export function isWorkflowResource(name: string): name is WorkflowResource {
  return Object.prototype.hasOwnProperty.call(WorkflowStatuses, name);
}

export function isWorkflowStatus<R extends WorkflowResource>(resource: R, status: string): status is WorkflowStatus<R> {
  return (WorkflowStatuses[resource] as readonly string[]).includes(status);
}

/** i18n key of a status: `resources.<resource>.status.<status>`; "pending confirmation" becomes pendingConfirmation. */
export function workflowStatusLabelKey(resource: WorkflowResource, status: string): string {
  return `resources.${resource}.status.${status.replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase())}`;
}

/** i18n key of an action button: `resources.<resource>.actions.<Event>`. */
export function workflowActionLabelKey(resource: WorkflowResource, event: string): string {
  return `resources.${resource}.actions.${event}`;
}

// Why a workflow machine refused a command. The api answers with the code as `errorCode`; the ui translates
// `error.<code>`. Codes are stable identifiers: add new ones, never rename.
export const WorkflowRefusalCodes = {
  /** The resource has no workflow machine. */
  unknownResource: 'unknownResource',
  /** The event is not one this resource's machine knows at all. */
  unknownEvent: 'unknownEvent',
  /** The document's status or machine version is not one the machine knows (a corrupt or foreign state). */
  unknownStatus: 'unknownStatus',
  unknownMachineVersion: 'unknownMachineVersion',
  /** The event is not allowed from the document's current status. */
  wrongStatus: 'wrongStatus',
  /** The actor lacks the authority level the action needs on this resource. */
  noAuthority: 'noAuthority',
  /** The actor's company does not own the document (it is another company's document). */
  notOwnerCompany: 'notOwnerCompany',
  /** A counterparty action sent by someone outside the counterparty company, or from the wrong side. */
  notCounterparty: 'notCounterparty',
  /** Only the platform itself (timers, payment gateway, mirrored events) sends this event. */
  systemOnly: 'systemOnly',
  /** Only platform administrators (user type 2) may do this. */
  adminOnly: 'adminOnly',
  /** Reject, Reject_By_Seller, Reject_By_Buyer, Cancel and a few more need a remark (spec §5.3). */
  remarkRequired: 'remarkRequired',
  amountRequired: 'amountRequired',
  counterpartyRequired: 'counterpartyRequired',
  /** The amount is above the limit of every level of the authority manual. */
  limitExceeded: 'limitExceeded',
  /** The creator may not approve their own document unless the authority manual allows it. */
  selfApprovalForbidden: 'selfApprovalForbidden',
  /** One user approves at most one level of a document. */
  alreadyApprovedByActor: 'alreadyApprovedByActor',
  /** Approve or Reject before anyone asked for approval. */
  approvalNotRequested: 'approvalNotRequested',
  /** Request_Approve while an approval round is already open. */
  approvalAlreadyRequested: 'approvalAlreadyRequested',
  /** At a level decided by majority, one person rejects at most once (and then does not approve). */
  alreadyRejectedByActor: 'alreadyRejectedByActor',
} as const;

export type WorkflowRefusalCode = keyof typeof WorkflowRefusalCodes;

/** The HTTP status the api answers a refusal with (architecture.md: 403 authority, 409/422 state and rules). */
export const WorkflowRefusalHttpStatus: Readonly<Record<WorkflowRefusalCode, 400 | 403 | 404 | 409 | 422>> = {
  unknownResource: 404,
  unknownEvent: 400,
  unknownStatus: 409,
  unknownMachineVersion: 409,
  wrongStatus: 409,
  noAuthority: 403,
  notOwnerCompany: 403,
  notCounterparty: 403,
  systemOnly: 403,
  adminOnly: 403,
  remarkRequired: 422,
  amountRequired: 422,
  counterpartyRequired: 422,
  limitExceeded: 422,
  selfApprovalForbidden: 403,
  alreadyApprovedByActor: 403,
  approvalNotRequested: 409,
  approvalAlreadyRequested: 409,
  alreadyRejectedByActor: 403,
};

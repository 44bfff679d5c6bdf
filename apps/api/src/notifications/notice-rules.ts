// Which notification a document's status change gives each kind of recipient: the module and src that
// pick the page of signed-in-area.md §2.6 (packages/contracts notifications-links.ts). Pure tables.
//   approver      a user of the owner company who may decide now (the approval route's next level, or the
//                 own company's Confirm of a stock record)
//   counterparty  a user of the other company who may act now (confirm, accept, certify, reject)
//   creator       the document's creator, when someone else moved it to a status they should know about
import type { DocumentResource, NotificationCategory, WorkflowEventName } from '@binaan/contracts';

export type Audience = 'approver' | 'counterparty' | 'creator';
export type Notice = { module: string; src: string };

const ORDERS: readonly DocumentResource[] = ['purchaseOrder', 'workOrder', 'rentalOrder', 'letterOfAward'];
const SUB_ORDERS: readonly DocumentResource[] = ['subPurchaseOrder', 'subRentalOrder'];
const REQUESTS: readonly DocumentResource[] = ['materialRequest', 'machineRequest', 'tradeRequest'];

const APPROVER_SRC: Partial<Record<DocumentResource, string>> = {
  purchaseOrder: 'pendingApproval',
  workOrder: 'pendingApproval',
  rentalOrder: 'pendingApproval',
  letterOfAward: 'pendingApproval',
  subPurchaseOrder: 'pendingApproval',
  subRentalOrder: 'pendingApproval',
  deliveryOrder: 'pendingVerification',
  serviceOrder: 'pending',
  invoice: 'pendingVerification',
  progressiveClaim: 'pendingVerification',
  milestoneClaim: 'pendingApproval',
  paymentCertificate: 'pendingApproval',
  variationOrder: 'pendingApproval',
};

export function approverNotice(resource: DocumentResource, status: string): Notice | null {
  if (resource === 'tender')
    return status === 'pendingActivation' || status === 'pendingContractApproval' ? { module: 'tender', src: status } : null;
  if (resource === 'stock') return status === 'pending' ? { module: 'inventory', src: 'stockReceive' } : null;
  if (REQUESTS.includes(resource)) return status === 'pendingApproval' ? { module: 'request', src: 'pending' } : null;
  const src = APPROVER_SRC[resource];
  return src ? { module: resource, src } : null;
}

export function counterpartyNotice(resource: DocumentResource, status: string): Notice | null {
  if (ORDERS.includes(resource) && status === 'pendingConfirmation') return { module: resource, src: 'receivedNew' };
  if (SUB_ORDERS.includes(resource) && status === 'pending confirmation') return { module: resource, src: 'receivedNew' };
  if ((resource === 'deliveryOrder' || resource === 'serviceOrder') && status === 'pending') return { module: resource, src: 'pending' };
  if (resource === 'invoice' && status === 'pendingAcceptance') return { module: 'invoice', src: 'receivedPendingAcceptance' };
  if (resource === 'variationOrder' && status === 'issued') return { module: 'variationOrder', src: 'issued' };
  if (resource === 'instruction' && status === 'pendingAcceptance') return { module: 'receivedInstruction', src: 'pendingAcceptance' };
  if (resource === 'progressiveClaim' && status === 'approved') return { module: 'progressiveClaimCertification', src: 'new' };
  if (resource === 'milestoneClaim' && status === 'pendingCertification')
    return { module: 'milestoneClaimCertification', src: 'pendingCertification' };
  return null;
}

export function creatorNotice(
  resource: DocumentResource,
  status: string,
  event: WorkflowEventName,
  createdBySeller: boolean,
): Notice | null {
  const notice = (src: string | null, module: string = resource): Notice | null => (src ? { module, src } : null);
  switch (resource) {
    case 'tender':
      return notice(
        {
          rejected: 'all',
          active: 'active',
          comparison: 'comparison',
          draftContractRejected: 'draftContractRejected',
          contractAwarded: 'all',
        }[status] ?? null,
      );
    case 'purchaseOrder':
    case 'workOrder':
    case 'rentalOrder':
    case 'letterOfAward':
      return notice(status === 'rejected' || status === 'accepted' ? status : null);
    case 'subPurchaseOrder':
    case 'subRentalOrder':
      return notice(status === 'accepted' ? 'accepted' : null);
    case 'deliveryOrder':
      if (status === 'rejected') return notice(event === 'Reject_By_Seller' ? 'rejectedBySeller' : 'rejected');
      return notice(status === 'confirmed' || status === 'pending' ? status : null);
    case 'serviceOrder':
      if (status === 'pending') return notice(createdBySeller ? 'pendingOther' : 'approved');
      if (status === 'rejected') return notice(event === 'Reject_By_Seller' && !createdBySeller ? 'rejectedBySeller' : 'rejected');
      return notice(status === 'confirmed' ? 'confirmed' : null);
    case 'invoice':
      if (status === 'rejected') return notice(event === 'Reject_By_Buyer' ? 'rejectedByBuyer' : 'rejected');
      return notice(status === 'accepted' ? 'accepted' : null);
    case 'progressiveClaim':
    case 'paymentCertificate':
      return notice(status === 'rejected' || status === 'approved' ? status : null);
    // §2.6 gives requests two pages, pending and rejected: an approval lands on the kind's list (pending),
    // where the ui opens the request itself (viewid) with its "Make a tender" action.
    // §2.6 /instruction/{projectId}/pending and comparison: the issuer hears when the sub-contractor accepts and submits.
    case 'instruction':
      return notice(status === 'accepted' ? 'pending' : status === 'submitted' ? 'comparison' : null);
    case 'variationOrder':
      return notice(status === 'rejected' || status === 'accepted' ? status : null);
    case 'materialRequest':
    case 'machineRequest':
    case 'tradeRequest':
      return notice(status === 'rejected' ? 'rejected' : status === 'approved' ? 'pending' : null, 'request');
    default:
      return null;
  }
}

/** The list a document kind is filed under in the links (the spec's material, machine, trade pages). */
export const DocumentCategories: Readonly<Record<DocumentResource, NotificationCategory | null>> = {
  tender: 'material',
  purchaseOrder: 'material',
  workOrder: 'trade',
  rentalOrder: 'machine',
  letterOfAward: 'trade',
  subPurchaseOrder: 'material',
  subRentalOrder: 'machine',
  deliveryOrder: 'material',
  serviceOrder: 'trade',
  invoice: 'material',
  progressiveClaim: 'trade',
  milestoneClaim: 'trade',
  paymentCertificate: 'material',
  stock: 'material',
  materialRequest: 'material',
  machineRequest: 'machine',
  tradeRequest: 'trade',
  variationOrder: 'trade',
  instruction: 'trade',
};

export const loaWoType = (resource: DocumentResource): 'LOA' | 'WO' | null =>
  resource === 'letterOfAward' ? 'LOA' : resource === 'workOrder' ? 'WO' : null;

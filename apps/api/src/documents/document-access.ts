// Which module's access rights (signed-in-area.md §6) open each document resource, and which of the
// module's rights a call needs: view to read, update to create or edit, approve to Approve or Reject,
// confirm for the counterparty's answer. The workflow levels still decide inside (the machine checks them
// again); the right only opens the module's calls, as the module's menu entries are opened in the ui.
import { isDocumentResource, type AccessRight, type DocumentResource } from '@binaan/contracts';
import type { AccessRightOf } from '../common/access-right.decorator.js';

type DocumentModule = 'procurement' | 'tenderManagement' | 'contractManagement';

/** Tenders in tender management; awards, work orders, claims and certificates in contract management; the rest procurement. */
export const DocumentModules: Readonly<Record<DocumentResource, DocumentModule>> = {
  tender: 'tenderManagement',
  letterOfAward: 'contractManagement',
  workOrder: 'contractManagement',
  progressiveClaim: 'contractManagement',
  milestoneClaim: 'contractManagement',
  paymentCertificate: 'contractManagement',
  purchaseOrder: 'procurement',
  rentalOrder: 'procurement',
  subPurchaseOrder: 'procurement',
  subRentalOrder: 'procurement',
  deliveryOrder: 'procurement',
  serviceOrder: 'procurement',
  invoice: 'procurement',
  stock: 'procurement',
  // Requests are purchase requisitions: procurement's, as Procore and Ariba keep them beside the orders.
  materialRequest: 'procurement',
  machineRequest: 'procurement',
  tradeRequest: 'procurement',
  // A variation order varies a contract, an instruction directs a contract's work: contract management's.
  variationOrder: 'contractManagement',
  instruction: 'contractManagement',
};

const APPROVING = new Set(['Approve', 'Reject']);
/** The counterparty's answers (the machine asks for VerifyLevel1 of the counterparty company). */
const ANSWERING = new Set(['Confirm', 'Accept', 'Certify', 'Reject_By_Seller', 'Reject_By_Buyer']);

type CallKind = 'view' | 'update' | 'action';

/** The rights a workflow event needs in a module (any one of them). */
export function actionRights(module: DocumentModule, event: string): AccessRight[] {
  if (event === 'View') return [`${module}.view`];
  if (APPROVING.has(event)) return [`${module}.approve`];
  // Tender management has no confirm right: its counterparty answers are approvals.
  if (ANSWERING.has(event)) return [module === 'tenderManagement' ? 'tenderManagement.approve' : `${module}.confirm`];
  // Request_*, Resubmit, Cancel, Close, Fulfil, Invoice, Draft_Contract, Reopen...: the machine gives some to
  // the create/propose level and some (a tender's Cancel once active, a claim's Close) to a verify level.
  return [`${module}.update`, `${module}.approve`];
}

/** For @RequireAccessRight: the rights a documents route needs, from its :resource (and :event). */
export const documentAccess =
  (kind: CallKind): AccessRightOf =>
  (params) => {
    const resource = params.resource ?? '';
    if (!isDocumentResource(resource)) return null;
    const module = DocumentModules[resource];
    if (kind === 'view') return [`${module}.view`];
    if (kind === 'update') return [`${module}.update`];
    return actionRights(module, params.event ?? '');
  };

// Which statuses allow editing, which kinds carry line items, and which statuses the counterparty sees:
// all read off the workflow catalogue, so no resource is written out by hand.
import type { DocumentResource, WorkflowEventName } from '@binaan/contracts';
import { availableActions, catalogueEntry, type Actor, type AvailableAction, type WorkflowState } from '@binaan/workflows';

/**
 * The machine's offers on a document, without `amount` among their fields: a document's actions always
 * carry its shown total (document.decider.ts approvalAmount), so no page asks the user for one.
 */
export function documentActions(resource: DocumentResource, workflow: WorkflowState, actor: Actor): AvailableAction[] {
  return availableActions(resource, workflow, actor).map((action) => ({
    ...action,
    requiredFields: action.requiredFields.filter((field) => field !== 'amount'),
  }));
}

/** Kinds without line items: their amount is their own total (a certificate's valuation, a milestone claim's claim items). */
const WITHOUT_ITEMS: ReadonlySet<DocumentResource> = new Set(['milestoneClaim', 'paymentCertificate']);

export const hasLineItems = (resource: DocumentResource) => !WITHOUT_ITEMS.has(resource);

/** Events that ask for approval: a request needs an item first (spec §5.3). */
export const REQUESTING_EVENTS: ReadonlySet<WorkflowEventName> = new Set(['Request_Approve', 'Request_Verify', 'Resubmit', 'Submit']);

/** Events the counterparty company sends. */
const COUNTERPARTY_EVENTS: ReadonlySet<string> = new Set(['View', 'Confirm', 'Accept', 'Certify', 'Reject_By_Seller', 'Reject_By_Buyer']);

/**
 * Statuses a counterparty may read in although it does not act in them (the machine gives it no event there):
 * a tender addressed to a company is an invitation to bid, open to it once active (the contractor's received
 * tenders, signed-in-area.md §2.4, and the §2.6 "received" tender links); a payment certificate addressed to a
 * company certifies what is payable to it, so it sees it once approved (its receipt generator, §2.4).
 */
const OPEN_TO_COUNTERPARTY: Partial<Record<DocumentResource, readonly string[]>> = { tender: ['active'], paymentCertificate: ['approved'] };

const cache = new Map<string, { editable: ReadonlySet<string>; shared: ReadonlySet<string> }>();

function statusSets(resource: DocumentResource, version: number) {
  const key = `${resource}@${version}`;
  const known = cache.get(key);
  if (known) return known;
  const entry = catalogueEntry(resource, version);
  // Editable: the statuses a document is created in, and those it is revised in before a Resubmit.
  const editable = new Set<string>(entry.states.filter((s) => s.initial).map((s) => s.status));
  for (const t of entry.transitions) if (t.event === 'Resubmit' && t.from !== null) editable.add(t.from);
  // Shared with the counterparty: the statuses in which the counterparty acts, and those an invitation opens.
  const shared = new Set<string>(
    entry.transitions.filter((t) => t.from !== null && COUNTERPARTY_EVENTS.has(t.event)).map((t) => t.from as string),
  );
  for (const status of OPEN_TO_COUNTERPARTY[resource] ?? []) shared.add(status);
  const sets = { editable, shared };
  cache.set(key, sets);
  return sets;
}

/** Fields may change in a creation or revision status while no approval round is open. */
export function isEditable(resource: DocumentResource, workflow: WorkflowState): boolean {
  return statusSets(resource, workflow.context.machineVersion).editable.has(workflow.status) && !workflow.context.approval.open;
}

/** True once the document has reached a status the counterparty acts in (it stays visible to them after). */
export function isSharedStatus(resource: DocumentResource, version: number, status: string): boolean {
  return statusSets(resource, version).shared.has(status);
}

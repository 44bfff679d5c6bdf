// The workflow catalogue (GET /api/workflows): the machines as data. The documents area is generated from
// it: one react-admin resource per catalogue entry that is a document kind, one list tab per state, labels
// from the entry's label keys, the state diagram from its transitions. Nothing here names a status.
import { isDocumentResource, type AccessRight, type DocumentResource } from '@binaan/contracts';
import { adminJson } from '../providers/admin-request.js';

export type CatalogueState = { status: string; labelKey: string; final: boolean; initial: boolean };
export type CatalogueTransition = { from: string | null; event: string; to: string; guard: string; labelKey: string; requiredFields: readonly string[] };
export type CatalogueEntry = {
  resource: string;
  version: number;
  versions: readonly number[];
  authorityScope: 'company' | 'project' | 'platform';
  states: readonly CatalogueState[];
  events: readonly string[];
  transitions: readonly CatalogueTransition[];
  decisions: readonly string[];
};
export type DocumentEntry = CatalogueEntry & { resource: DocumentResource };

/**
 * One request per page load (issue 32): every caller shares the first one's promise. The catalogue is the
 * same for every user and changes only with a release, so a new sign-in in the same page reuses it; a
 * failed load is forgotten so the next caller tries again. Across visits the browser keeps the reply and
 * revalidates it with its ETag (a 304, no body).
 */
let catalogue: Promise<CatalogueEntry[]> | undefined;
export function loadCatalogue(): Promise<CatalogueEntry[]> {
  catalogue ??= adminJson<CatalogueEntry[]>('/api/workflows', { cache: 'no-cache' }).catch((error: unknown) => {
    catalogue = undefined;
    throw error;
  });
  return catalogue;
}

/** The entries served as documents, in the catalogue's order. */
export function documentEntries(catalogue: readonly CatalogueEntry[]): DocumentEntry[] {
  return catalogue.filter((entry): entry is DocumentEntry => isDocumentResource(entry.resource));
}

/** The list's tabs: every state of the machine, the ones documents are created in first. */
export function tabStates(entry: CatalogueEntry): CatalogueState[] {
  return [...entry.states.filter((s) => s.initial), ...entry.states.filter((s) => !s.initial)];
}

/** Which module's rights open a document kind (mirrors the api's documents/document-access.ts). */
export type DocumentModule = 'procurement' | 'tenderManagement' | 'contractManagement';
const CONTRACT_KINDS = new Set(['letterOfAward', 'workOrder', 'progressiveClaim', 'milestoneClaim', 'paymentCertificate']);
export function moduleOf(resource: string): DocumentModule {
  if (resource === 'tender') return 'tenderManagement';
  return CONTRACT_KINDS.has(resource) ? 'contractManagement' : 'procurement';
}

export function viewRight(resource: string): AccessRight {
  return `${moduleOf(resource)}.view`;
}

/** Events that decide on a document someone else prepared (a bulk action offers these). */
export const DECIDING_EVENTS = ['Approve', 'Confirm', 'Accept', 'Certify'] as const;

/** The deciding events the machine has for this kind, from its transitions. */
export function bulkEvents(entry: CatalogueEntry): string[] {
  return DECIDING_EVENTS.filter((event) => entry.transitions.some((t) => t.event === event));
}

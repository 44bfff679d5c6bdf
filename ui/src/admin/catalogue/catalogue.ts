// The workflow catalogue (GET /api/workflows): the machines as data. The documents area is generated from
// it: one react-admin resource per catalogue entry that is a document kind, one list tab per state, labels
// from the entry's label keys, the state diagram from its transitions. Nothing here names a status.
import { isDocumentResource, type AccessRight, type DocumentResource } from '@binaan/contracts';
import { adminRequest } from '../providers/admin-request.js';

export type CatalogueState = { status: string; labelKey: string; final: boolean; initial: boolean };
export type CatalogueTransition = {
  from: string | null;
  event: string;
  to: string;
  guard: string;
  labelKey: string;
  requiredFields: readonly string[];
};
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
 * Fetched once per page load: every caller shares the first call's promise, and a failed load
 * is forgotten so the next caller tries again. The catalogue is the same for every user and changes only
 * with a release, so it is kept in localStorage with its ETag and revalidated (If-None-Match): a later
 * visit gets a 304 with no body. Kept here rather than in the browser's HTTP cache because the API's
 * replies vary by Authorization and every sign-in (and company choice) brings a new token.
 */
const STORED = 'binaan.workflowCatalogue';
type Stored = { etag: string; catalogue: CatalogueEntry[] };

function stored(): Stored | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(STORED) ?? 'null') as Stored | null;
    return value && typeof value.etag === 'string' && Array.isArray(value.catalogue) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function fetchCatalogue(): Promise<CatalogueEntry[]> {
  const kept = stored();
  const reply = await adminRequest<CatalogueEntry[]>('/api/workflows', kept ? { headers: { 'If-None-Match': kept.etag } } : {});
  if (reply.status === 304 && kept) return kept.catalogue;
  const etag = reply.headers.get('ETag');
  try {
    if (etag) localStorage.setItem(STORED, JSON.stringify({ etag, catalogue: reply.json } satisfies Stored));
  } catch {
    // Storage full or refused: the next visit downloads it again.
  }
  return reply.json;
}

let catalogue: Promise<CatalogueEntry[]> | undefined;
export function loadCatalogue(): Promise<CatalogueEntry[]> {
  catalogue ??= fetchCatalogue().catch((error: unknown) => {
    catalogue = undefined;
    throw error;
  });
  return catalogue;
}

/** The entries served as documents, in the catalogue's order. */
export function documentEntries(catalogue: readonly CatalogueEntry[]): DocumentEntry[] {
  return catalogue.filter((entry): entry is DocumentEntry => isDocumentResource(entry.resource));
}

/** The document kinds of the catalogue, loaded as loadCatalogue loads it. */
export const loadDocumentEntries = async (): Promise<DocumentEntry[]> => documentEntries(await loadCatalogue());

/** The list's tabs: every state of the machine, the ones documents are created in first. */
export function tabStates(entry: CatalogueEntry): CatalogueState[] {
  return [...entry.states.filter((s) => s.initial), ...entry.states.filter((s) => !s.initial)];
}

/** Which module's rights open a document kind (mirrors the api's documents/document-access.ts). */
export type DocumentModule = 'procurement' | 'tenderManagement' | 'contractManagement';
const CONTRACT_KINDS = new Set([
  'letterOfAward',
  'workOrder',
  'progressiveClaim',
  'milestoneClaim',
  'paymentCertificate',
  'variationOrder',
  'instruction',
]);
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

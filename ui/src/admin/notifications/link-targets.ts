// What the signed-in area shows for a notification's link target (signed-in-area.md §2.6, built by
// notificationLink in packages/contracts). The area has no page per target (its documents live at
// /<resource>, generated from the catalogue, and projects at /projects/<id>), so a target's path is
// resolved here: the document the notification is about when it is known (the bell passes it along, or
// the target's view id names it), else the list of the kind the path names filtered to the path's
// project, or the project's own page. Pure, so each rule is tested.
import { isDocumentResource, NO_PROJECT_SEGMENT, type DocumentResource } from '@binaan/contracts';

/** First path segment of a §2.6 target -> the document kind listed there. */
export const TARGET_PREFIXES: Readonly<Record<string, DocumentResource>> = {
  'purchase-order': 'purchaseOrder',
  'work-order': 'workOrder',
  'rental-order': 'rentalOrder',
  'letter-of-award': 'letterOfAward',
  'delivery-order': 'deliveryOrder',
  'seller-delivery-order': 'deliveryOrder',
  'service-order': 'serviceOrder',
  'seller-service-order': 'serviceOrder',
  invoice: 'invoice',
  'progressive-claim': 'progressiveClaim',
  'progressive-claim-certification': 'progressiveClaim',
  'milestone-claims': 'milestoneClaim',
  'milestone-claims-certification': 'milestoneClaim',
  'payment-certificate': 'paymentCertificate',
  tender: 'tender',
};

/** Query parameters of §2.6 that name a document, and its kind (viewid names the path's own kind). */
const VIEW_PARAMETERS: Readonly<Record<string, DocumentResource | null>> = {
  viewspoid: 'subPurchaseOrder',
  viewsroid: 'subRentalOrder',
  viewvoid: 'letterOfAward',
  viewid: null,
};

/** Targets the area answers with another page (decision: the home page, a dashboard, stands for /dashboard). */
const REDIRECTS: Readonly<Record<string, string>> = { '/dashboard': '/article' };

/**
 * §2.6 targets of project pages: the ongoing budget and progress planning on their tabs of the project's
 * page; those the area has no page of its own for (requests, quotations, queries) on the tab nearest to them.
 */
const PROJECT_PAGES: Readonly<Record<string, 'overview' | 'documents' | 'budget' | 'progress'>> = {
  'bill-of-quantity': 'overview',
  'ongoing-budget': 'budget',
  'project-progress-planning': 'progress',
  request: 'documents',
  quotation: 'documents',
  'list-of-tenderer': 'documents',
  tenderQuery: 'documents',
  receivedTenderQuery: 'documents',
};
/** Pages under /project/{projectId}/ in §2.6 (the project's own) the area has no page for; the BQ scan list and tender costing have their routes in AdminApp.tsx. */
const PROJECT_SUBPAGES: readonly string[] = [];
/** Path segments of §2.6 that stand where a project id would, yet name none. */
const NOT_A_PROJECT = new Set([NO_PROJECT_SEGMENT, 'new-received']);

/** What the bell passes along when it opens a target (router location state). */
export type LinkTargetState = { notification?: { resource?: string | null; id?: string | null } };

export type LinkTargetPlace = { to: string } | null;

const show = (resource: string, id: string) => `/${resource}/${encodeURIComponent(id)}/show`;
/** A request link's category segment -> the request kind. */
const REQUEST_KINDS: Readonly<Record<string, DocumentResource>> = {
  material: 'materialRequest',
  machine: 'machineRequest',
  trade: 'tradeRequest',
};

/** §2.6 instruction targets -> the instruction list's direction and status. */
const INSTRUCTION_PAGES: Readonly<Record<string, Record<string, string>>> = {
  'instruction/pending': { direction: 'sent', status: 'pending' },
  'instruction/comparison': { direction: 'sent', status: 'submitted' },
  'receivedInstruction/pendingAcceptance': { direction: 'received', status: 'pendingAcceptance' },
  'receivedInstruction/accepted': { direction: 'received', status: 'accepted' },
  'receivedInstruction/submitted': { direction: 'received', status: 'submitted' },
};

const camel = (segment: string) => segment.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

/** A document kind's list, filtered to the target's project, and to its page's status and direction where the kind has them. */
function listOf(
  kind: DocumentResource,
  projectId: string | null,
  rest: readonly string[],
  statusesOf: (resource: string) => readonly string[],
): string {
  const filter: Record<string, string> = {};
  if (projectId) filter.projectId = projectId;
  if (rest.includes('received')) filter.direction = 'received';
  const page = rest.at(-1);
  const status = page ? camel(page) : undefined;
  if (status && statusesOf(kind).includes(status)) filter.status = status;
  return Object.keys(filter).length === 0 ? `/${kind}` : `/${kind}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/**
 * Where a link target leads in this area; null when the area has no page for it. The document when the
 * notification names one (the bell passes it along, or a view id in the query); else the kind's list
 * filtered to the target's project (and to its status and direction where the kind's machine has them);
 * a project page the area does not have leads to the project's own page. `statusesOf` gives a kind's
 * statuses (the catalogue), so a page name that is no status of the kind filters nothing.
 */
export function resolveLinkTarget(
  pathname: string,
  search: string,
  state: unknown,
  statusesOf: (resource: string) => readonly string[] = () => [],
): LinkTargetPlace {
  const redirect = REDIRECTS[pathname.replace(/\/+$/, '')];
  if (redirect) return { to: redirect };
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => decodeURIComponent(s));
  const prefix = segments[0] ?? '';
  const kind = Object.prototype.hasOwnProperty.call(TARGET_PREFIXES, prefix) ? TARGET_PREFIXES[prefix]! : null;
  const passed = (state as LinkTargetState | null | undefined)?.notification;
  // A question (buyer) opens the tender's Queries tab; an answer or an addendum (seller) the
  // seller's board of the tender. The notices' src id is the tender, and an addendum's id is
  // `<tenderId>:<number>`, so ?viewaddendumid= names the tender too.
  const addendum = /^([0-9a-f-]{36}):(\d+)$/.exec(new URLSearchParams(search).get('viewaddendumid') ?? '');
  if (addendum) return { to: `/tendering/received/${addendum[1]}/board?addendum=${addendum[2]}` };
  if (prefix === 'tenderQuery' && passed?.id) return { to: `${show('tender', passed.id)}?tab=queries` };
  if (prefix === 'receivedTenderQuery' && passed?.id) return { to: `/tendering/received/${encodeURIComponent(passed.id)}/board` };
  // A received tender (an invitation) opens the seller's quotation form, or the received list; a
  // buyer's "invitation" page (a seller quoted) the tender's Invitations tab.
  const tenderPage = prefix === 'tender' && segments.length === 4 ? segments[3] : undefined;
  if (tenderPage === 'received' || tenderPage === 'new-received')
    return { to: passed?.id ? `/tendering/received/${encodeURIComponent(passed.id)}` : '/tendering/received' };
  if (tenderPage === 'invitation' && passed?.id) return { to: `${show('tender', passed.id)}?tab=invitations` };
  // An instruction's comparison opens on its Comparison tab.
  if (prefix === 'instruction' && segments[2] === 'comparison' && passed?.id)
    return { to: `${show('instruction', passed.id)}?tab=comparison` };
  if (passed?.id && passed.resource && isDocumentResource(passed.resource)) return { to: show(passed.resource, passed.id) };
  const query = new URLSearchParams(search);
  for (const [parameter, named] of Object.entries(VIEW_PARAMETERS)) {
    const id = query.get(parameter);
    const resource = named ?? kind;
    if (id && resource) return { to: show(resource, id) };
  }
  const second = segments[1];
  const projectId = second !== undefined && !NOT_A_PROJECT.has(second) ? second : null;
  // /request/{projectId}/{material, machine, trade}/{pending, rejected} is that kind's request list
  // in the project, on the tab of its status (pending is pendingApproval).
  const requestKind = prefix === 'request' ? REQUEST_KINDS[segments[2] ?? ''] : undefined;
  // /instruction/{projectId}/{pending, comparison}: the issuer's instructions in the project (comparison: those
  // submitted, to compare); /receivedInstruction/{projectId}/{pendingAcceptance, accepted, submitted}: the
  // sub-contractor's, on the tab of that status.
  const instructionPage = INSTRUCTION_PAGES[`${prefix}/${segments[2] ?? ''}`];
  if (instructionPage) {
    const filter: Record<string, string> = { ...(projectId ? { projectId } : {}), ...instructionPage };
    return { to: `/instruction?filter=${encodeURIComponent(JSON.stringify(filter))}` };
  }
  if (requestKind)
    return { to: listOf(requestKind, projectId, segments[3] === 'pending' ? ['pending-approval'] : segments.slice(3), statusesOf) };
  if (kind) return { to: listOf(kind, projectId, segments.slice(2), statusesOf) };
  // The bill of quantity has its editor (the project page's BQ tab).
  if (projectId && prefix === 'bill-of-quantity') return { to: `/project/${encodeURIComponent(projectId)}/bill-of-quantity` };
  if (prefix === 'project' && projectId && PROJECT_SUBPAGES.includes(segments[2] ?? ''))
    return { to: `/projects/${encodeURIComponent(projectId)}` };
  const tab = Object.prototype.hasOwnProperty.call(PROJECT_PAGES, prefix) ? PROJECT_PAGES[prefix] : undefined;
  if (tab && projectId) return { to: `/projects/${encodeURIComponent(projectId)}${tab === 'overview' ? '' : `/${tab}`}` };
  return null;
}

/**
 * Route patterns of the targets, for the router. Kinds whose resource name is also the path's first
 * segment (tender, invoice) get their exact shapes only, with the category spelled out, so react-admin's
 * own /tender/:id/show/... never matches them.
 */
export const LINK_TARGET_ROUTES: readonly string[] = [
  ...Object.keys(TARGET_PREFIXES)
    .filter((prefix) => !isDocumentResource(prefix))
    .map((prefix) => `/${prefix}/*`),
  ...['material', 'machine', 'trade', 'technical'].map((category) => `/tender/:project/${category}/:page`),
  ...['material', 'machine', 'trade'].flatMap((category) => [
    `/invoice/:project/${category}/:page`,
    `/invoice/:project/${category}/received/:page`,
  ]),
  ...Object.keys(PROJECT_PAGES).map((prefix) => `/${prefix}/*`),
  ...PROJECT_SUBPAGES.map((page) => `/project/:project/${page}`),
  // instruction is also the document kind's own path (/instruction/:id/show): its targets by their exact shapes.
  '/instruction/:project/pending',
  '/instruction/:project/comparison',
  '/receivedInstruction/*',
  '/dashboard',
];

// What the signed-in area shows for a notification's link target (signed-in-area.md §2.6, built by
// notificationLink in packages/contracts). The area has no page per target yet (its documents live at
// /<resource>, generated from the catalogue), so a target's path is resolved here: the document the
// notification is about when it is known (the bell passes it along, or the target's view id names it),
// else the list of the kind the target's path names. Pure, so each rule is tested.
import { isDocumentResource, type DocumentResource } from '@binaan/contracts';

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
  inventory: 'stock',
};

/** Query parameters of §2.6 that name a document, and its kind (viewid names the path's own kind). */
const VIEW_PARAMETERS: Readonly<Record<string, DocumentResource | null>> = {
  viewspoid: 'subPurchaseOrder',
  viewsroid: 'subRentalOrder',
  viewvoid: 'letterOfAward',
  viewid: null,
};

/** Targets the area answers with another page (decision: the home page stands for the dashboard). */
const REDIRECTS: Readonly<Record<string, string>> = { '/dashboard': '/article' };

/** What the bell passes along when it opens a target (router location state). */
export type LinkTargetState = { notification?: { resource?: string | null; id?: string | null } };

export type LinkTargetPlace = { to: string } | null;

const show = (resource: string, id: string) => `/${resource}/${encodeURIComponent(id)}/show`;

/** Where a link target leads in this area; null when the area has no page for it yet. */
export function resolveLinkTarget(pathname: string, search: string, state: unknown): LinkTargetPlace {
  const redirect = REDIRECTS[pathname.replace(/\/+$/, '')];
  if (redirect) return { to: redirect };
  const prefix = pathname.split('/').filter(Boolean)[0] ?? '';
  const kind = Object.prototype.hasOwnProperty.call(TARGET_PREFIXES, prefix) ? TARGET_PREFIXES[prefix]! : null;
  const passed = (state as LinkTargetState | null | undefined)?.notification;
  if (passed?.id && passed.resource && isDocumentResource(passed.resource)) return { to: show(passed.resource, passed.id) };
  const query = new URLSearchParams(search);
  for (const [parameter, named] of Object.entries(VIEW_PARAMETERS)) {
    const id = query.get(parameter);
    const resource = named ?? kind;
    if (id && resource) return { to: show(resource, id) };
  }
  return kind ? { to: `/${kind}` } : null;
}

/**
 * Route patterns of the targets, for the router. Kinds whose resource name is also the path's first
 * segment (tender, invoice) get their exact shapes only, with the category spelled out, so react-admin's
 * own /tender/:id/show/... never matches them.
 */
export const LINK_TARGET_ROUTES: readonly string[] = [
  ...Object.keys(TARGET_PREFIXES).filter((prefix) => !isDocumentResource(prefix)).map((prefix) => `/${prefix}/*`),
  ...['material', 'machine', 'trade', 'technical'].map((category) => `/tender/:project/${category}/:page`),
  ...['material', 'machine', 'trade'].flatMap((category) => [`/invoice/:project/${category}/:page`, `/invoice/:project/${category}/received/:page`]),
  '/dashboard',
  '/administration/users/pending-approval',
];

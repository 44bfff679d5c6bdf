// Where a notification leads (signed-in-area.md §2.6), as one pure function for the ui: the module picks
// the row of the spec's table, the src the page in it. The project id goes in the path; the source id in
// a query parameter where the table says so. Rules of the spec: seller or buyer variants by
// created_by_seller; tender pages by the viewer's subscription type (a developer sees invitation or
// analysis, others all, active or comparison); project type 1 is a demand project, any other supply;
// anything the table does not list leads to `/`. Decisions where the table is silent are marked so and
// listed in apps/api/src/notifications/README.md.
import { SubscriptionType } from './enumerations.js';
import type { NotificationEventData } from './notifications-api.js';

export type NotificationLinkInput = {
  module: string;
  src: string;
  src_id?: string | number | null;
  /** JSON text as the list gives it, or already parsed (a live message body). */
  event_data?: string | Partial<NotificationEventData> | null;
};

/** Who looks: tender links differ by the chosen company's subscription type. */
export type NotificationLinkViewer = { subscriptionType?: number | null };

export type NotificationLink = { path: string; query: Record<string, string>; href: string };

/** Decision: a document without a project is listed under every project's list, `all`. */
export const NO_PROJECT_SEGMENT = 'all';

type Facts = { src: string; id: string; projectId: string | null; p: string; data: Partial<NotificationEventData>; developer: boolean };
type Target = string | [path: string, query: Record<string, string>] | null;
type Row = (facts: Facts) => Target;

const HOME: NotificationLink = { path: '/', query: {}, href: '/' };

/** src -> path segment, for the rows whose pages are a fixed list. */
const pages =
  (list: Record<string, string>, build: (segment: string, f: Facts) => Target): Row =>
  (f) => {
    const segment = Object.prototype.hasOwnProperty.call(list, f.src) ? list[f.src] : undefined;
    return segment === undefined ? null : build(segment, f);
  };

const category = (f: Facts, allowed: readonly string[], fallback: string) => {
  const value = f.data.category ?? fallback;
  return allowed.includes(value) ? value : fallback;
};

const ORDER_PAGES = {
  rejected: 'rejected',
  accepted: 'accepted',
  receivedNew: 'received/new',
  receivedApproved: 'received/approved',
  receivedRejected: 'received/rejected',
  pendingApproval: 'pending-approval',
};
const order = (base: string): Row => pages(ORDER_PAGES, (s, f) => `/${base}/${f.p}/${s}`);

/** Tender pages by situation: a developer's version first, then everyone else's (spec §2.6 rules). */
const TENDER_PAGES: Record<string, [developer: string, others: string]> = {
  all: ['invitation', 'all'],
  active: ['invitation', 'active'],
  invitation: ['invitation', 'active'],
  comparison: ['analysis', 'comparison'],
  analysis: ['analysis', 'comparison'],
  pendingActivation: ['pending-activation', 'pending-activation'],
  pendingContractApproval: ['pending-contract-approval', 'pending-contract-approval'],
  draftContractRejected: ['draft-contract-rejected', 'draft-contract-rejected'],
  received: ['received', 'received'],
  newReceived: ['new-received', 'new-received'],
};

const BUSINESS_NETWORK_PAGES: Record<string, string> = {
  requestReceivedPartner: 'request-received-partner',
  requestReceivedPartner2: 'request-received-partner2',
  requestReceivedProfile: 'request-received-profile',
  requestReceivedProfile2: 'request-received-profile2',
  receivedSharedProfile2: 'received-shared-profile2',
  approvedClient2: 'seller/approved-client2',
  kivProfile2: 'kiv-profile2',
  kivPartner2: 'kiv-partner2',
};

const ROWS: Record<string, Row> = {
  user: pages({ pendingApproval: '' }, () => '/administration/users/pending-approval'),
  // Decision: a company waiting for approval opens on the platform administrator's review page; an approved
  // company opens its dashboard; one sent back for changes opens its registration, where the remark is.
  // A document about to expire opens the company's profile, where its files are.
  company: pages({ pendingApproval: '', approved: '', rejected: '', documentExpiring: '' }, (_s, f) =>
    f.src === 'approved'
      ? '/dashboard'
      : f.src === 'rejected' || f.src === 'documentExpiring'
        ? '/administration/company'
        : `/admin/company-registrations/${encodeURIComponent(f.id)}`,
  ),
  dashboard: () => '/dashboard',
  project: pages({ pendingApproval: 'pending-approval', active: 'active', rejected: 'rejected' }, (s, f) => [
    `/project/${f.data.project_type === 1 ? 'demand' : 'supply'}/${s}`,
    { viewid: f.id },
  ]),
  billOfQuantity: pages(
    { pendingApproval: 'pending-approval', rejected: 'rejected', active: 'active' },
    (s, f) => `/bill-of-quantity/${f.p}/${s}`,
  ),
  ongoingBudget: pages({ pending: 'pending', rejected: 'rejected', approved: 'approved' }, (s, f) => `/ongoing-budget/${f.p}/${s}`),
  tenderCosting: (f) => `/project/${f.p}/tender-costing`,
  quotation: pages(
    { quotationRequest: 'quotationRequest/trade', invitation: 'trade/invitation', analysis: 'trade/analysis', received: 'received/trade' },
    (s, f) => (f.src === 'received' && f.projectId === null ? '/quotation/new-received/trade' : `/quotation/${f.p}/${s}`),
  ),
  request: pages(
    { pending: 'pending', rejected: 'rejected' },
    (s, f) => `/request/${f.p}/${category(f, ['material', 'machine', 'trade'], 'material')}/${s}`,
  ),
  tender: (f) => {
    const choice = TENDER_PAGES[f.src === 'received' && f.projectId === null ? 'newReceived' : f.src];
    if (!choice) return null;
    return `/tender/${f.p}/${category(f, ['material', 'machine', 'trade', 'technical'], 'material')}/${f.developer ? choice[0] : choice[1]}`;
  },
  tenderAddendum: (f) => [`/tender/${f.p}/trade/invitation`, { viewaddendumid: f.id }],
  letterOfAward: (f) => (f.src === 'void' ? [`/letter-of-award/${f.p}/accepted`, { viewvoid: f.id }] : order('letter-of-award')(f)),
  workOrder: order('work-order'),
  purchaseOrder: order('purchase-order'),
  rentalOrder: order('rental-order'),
  subPurchaseOrder: (f) => [`/purchase-order/${f.p}/accepted`, { viewspoid: f.id }],
  subRentalOrder: (f) => [`/rental-order/${f.p}/accepted`, { viewsroid: f.id }],
  deliveryOrder: pages(
    {
      pendingVerification: 'pending-verification',
      rejected: 'rejected',
      confirmed: 'confirmed',
      pending: 'pending',
      rejectedBySeller: 'rejected-by-seller',
    },
    (s, f) => `/${f.data.created_by_seller === true ? 'seller-delivery-order' : 'delivery-order'}/${f.p}/${s}`,
  ),
  serviceOrder: (f) =>
    f.data.created_by_seller === true
      ? pages(
          { pendingOther: 'pending-other', confirmed: 'confirmed', rejected: 'rejected', pending: 'pending' },
          (s) => `/seller-service-order/${f.p}/${s}`,
        )(f)
      : pages(
          {
            rejected: 'rejected',
            approved: 'approved',
            pending: 'pending',
            confirmed: 'confirmed',
            rejectedBySeller: 'rejected-by-seller',
          },
          (s) => `/service-order/${f.p}/${s}`,
        )(f),
  invoice: pages(
    {
      new: 'new',
      pendingVerification: 'pending-verification',
      rejected: 'rejected',
      rejectedByBuyer: 'rejectedByBuyer',
      accepted: 'accepted',
      receivedNew: 'received/new',
      receivedPendingAcceptance: 'received/pending-acceptance',
    },
    (s, f) => `/invoice/${f.p}/${category(f, ['material', 'trade', 'machine'], 'material')}/${s}`,
  ),
  progressiveClaim: pages(
    { pendingVerification: 'pending-verification', rejected: 'rejected', approved: 'approved' },
    (s, f) => `/progressive-claim/${f.p}/${s}`,
  ),
  progressiveClaimCertification: pages(
    { new: 'new', pendingCertification: 'pending-certification', rejected: 'rejected' },
    (s, f) => `/progressive-claim-certification/${f.p}/${s}`,
  ),
  milestoneClaim: pages({ pendingApproval: 'pending-approval' }, (s, f) => `/milestone-claims/${f.p}/${s}`),
  milestoneClaimCertification: pages(
    { pendingCertification: 'pending-certification' },
    (s, f) => `/milestone-claims-certification/${f.p}/${s}`,
  ),
  paymentCertificate: pages(
    { new: 'new', pendingApproval: 'pending-approval', approved: 'approved', rejected: 'rejected' },
    (s, f) => `/payment-certificate/${f.p}/${category(f, ['material', 'machine'], 'material')}/${s}`,
  ),
  bqScan: (f) => `/project/${f.p}/bill-of-quantity-scan-list`,
  inventory: pages(
    {
      stockReceive: 'stock-receive',
      stockOutUtil: 'stock-out-util',
      transferIn: 'transfer-in',
      stockOut: 'stock-out',
      stockAdjustment: 'stock-adjustment',
    },
    (s, f) => `/inventory/${f.p}/${s}`,
  ),
  progressPlanning: pages(
    { pending: 'pending', approved: 'approved', rejected: 'rejected' },
    (s, f) => `/project-progress-planning/${f.p}/${s}`,
  ),
  tenderQuery: (f) => `/tenderQuery/${f.p}/all`,
  receivedTenderQuery: (f) => `/receivedTenderQuery/${f.p}`,
  vendorAppraisal: () => '/vendor-management/my-vendor-appraisal',
  listOfTenderer: pages({ pending: 'pending', approved: 'approved', rejected: 'rejected' }, (s, f) => `/list-of-tenderer/${f.p}/${s}`),
  instruction: pages({ pending: 'pending', comparison: 'comparison' }, (s, f) => `/instruction/${f.p}/${s}`),
  receivedInstruction: pages(
    { pendingAcceptance: 'pendingAcceptance', accepted: 'accepted', submitted: 'submitted' },
    (s, f) => `/receivedInstruction/${f.p}/${s}`,
  ),
  businessNetwork: (f) =>
    f.src === 'conversation'
      ? ['/business-network/conversations', { viewid: f.id }]
      : pages(BUSINESS_NETWORK_PAGES, (s) => `/business-network/${s}`)(f),
};

function parseData(value: NotificationLinkInput['event_data']): Partial<NotificationEventData> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Spec §3.1: Developer 4; DeveloperBuyer 5 is a developer too (decision). */
export function isDeveloperSubscription(subscriptionType: number | null | undefined): boolean {
  return subscriptionType === SubscriptionType.Developer || subscriptionType === SubscriptionType.DeveloperBuyer;
}

/** The page a notification opens (spec §2.6), `/` for anything the table does not list. */
export function notificationLink(event: NotificationLinkInput, viewer: NotificationLinkViewer = {}): NotificationLink {
  const row = Object.prototype.hasOwnProperty.call(ROWS, event.module) ? ROWS[event.module] : undefined;
  if (!row) return HOME;
  const data = parseData(event.event_data);
  const projectId =
    typeof data.project_id === 'string' && data.project_id !== ''
      ? data.project_id
      : typeof data.project_id === 'number'
        ? String(data.project_id)
        : null;
  const target = row({
    src: event.src,
    id: event.src_id === null || event.src_id === undefined ? '' : String(event.src_id),
    projectId,
    p: encodeURIComponent(projectId ?? NO_PROJECT_SEGMENT),
    data,
    developer: isDeveloperSubscription(viewer.subscriptionType),
  });
  if (target === null) return HOME;
  const [path, query] = typeof target === 'string' ? [target, {}] : target;
  const search = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return { path, query, href: search ? `${path}?${search}` : path };
}

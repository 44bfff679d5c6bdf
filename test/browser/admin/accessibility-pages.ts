// The pages the accessibility check opens: every route of ui/src/app.tsx, ui/src/public/routes.tsx,
// ui/src/admin/AdminApp.tsx and the routers inside pages, as a URL to open and who opens it. Document kinds
// come from the catalogue (GET /api/workflows) at run time; accessibility.spec.ts fails when a route or a
// kind is added without a line here. Routes that only redirect are listed with where they lead (the check
// runs on the page they lead to).
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** Who opens a page: a visitor, or a demo user's session (README: demo logins). */
export type Who = 'visitor' | 'admin' | 'contractor' | 'not-approved' | 'platform-admin';

export type Ids = {
  event: string;
  organizerEvent: string;
  qr: string;
  documents: Record<string, string>;
  editable: { kind: string; id: string };
  project: string;
  /** A document each printing contractor page prints (by its path), from the contractor's lists. */
  printable: Record<string, string>;
  /** A tender the contractor is invited to, with a question on its board (tender-exchange-ids.ts): the board, the quotation form, the Invitations tab. */
  invitedTender: string;
  /** The demo's tender closed for comparison (with its two sellers' quotations): its Analysis and Award tabs. */
  closedTender: string;
  /** One of Teguh Bina's vendor appraisals (accessibility.spec.ts makes one when the demo has none). */
  vendorAppraisal: string;
};

/**
 * `state`: a state of the page the demo data does not reach, made by answering its api calls otherwise
 * (accessibility.spec.ts): 'capped' answers a document list with a total at the cap ("10,000 or more").
 */
export type CheckedPage = { route: string; who: Who; url: (ids: Ids) => string; state?: 'capped' };

const page = (route: string, who: Who, url: string | ((ids: Ids) => string) = route, state?: CheckedPage['state']): CheckedPage => ({
  route,
  who,
  url: typeof url === 'string' ? () => url : url,
  ...(state ? { state } : {}),
});

/** A route that only redirects: checked where it leads. */
export const REDIRECT_ROUTES: Readonly<Record<string, string>> = {
  '/index.html': 'the landing (same component as /)',
  '/terms': '/terms-of-service (same component)',
  '/cidb-material/purchase-order': '/purchaseOrder',
  '/dashboard': '/article (a §2.6 link target)',
  '/administration/users': "/administration/users/active (the company users' first tab)",
  '/bill-of-quantity/:id/*': "/project/<id>/bill-of-quantity (a §2.6 link target: the project's BQ)",
  '/projects': "/project/demand (the owner's projects)",
  '/project': "/project/demand (the owner's projects)",
  // §2.6 instruction targets: the instruction list on the page's direction and status (variation-orders.spec.ts walks them).
  '/instruction/:project/pending': '/instruction?filter={projectId, direction: sent, status: pending}',
  '/instruction/:project/comparison':
    "/instruction?filter={projectId, direction: sent, status: submitted}, or the instruction's Comparison tab",
  '/receivedInstruction/*': '/instruction?filter={projectId, direction: received, status: <page>}',
  '/business-network': '/business-network/partners (the business network: its first list)',
};

export const PUBLIC_PAGES: readonly CheckedPage[] = [
  page('/', 'visitor'),
  page('/certificate/*', 'visitor', '/certificate'),
  page('/certificate/*', 'visitor', (ids) => `/certificate?qr=${encodeURIComponent(ids.qr)}`),
  page('/events', 'visitor'),
  // An approval e-mail's link: a made-up token shows the page's refusal (approval-link.spec.ts walks a real one).
  page('/approval/:token', 'visitor', '/approval/not-a-real-token'),
  page('/events/:id', 'visitor', (ids) => `/events/${ids.event}`),
  page('/auth/sign-up', 'visitor'),
  // Reached from "List my company": the banner saying the registration follows.
  page('/auth/sign-up', 'visitor', '/auth/sign-up?next=register-company'),
  page('/auth/sign-in', 'visitor'),
  page('/auth/forgot-password', 'visitor'),
  page('/auth/reset-password', 'visitor', '/auth/reset-password?token=not-a-real-token'),
  page('/auth/activate', 'visitor', '/auth/activate/?email=someone%40example.com'),
  page('/auth/change-password', 'visitor'),
  page('/auth/cidb-change-password', 'visitor'),
  page('/auth/session-timed-out', 'visitor'),
  page('/terms-of-service', 'visitor'),
  page('/terms-of-use', 'visitor'),
  page('/privacy-policy', 'visitor'),
  // A path neither area has, for a visitor without a session: the public catch-all page (public-area.md §2).
  page('*', 'visitor', '/no-such-page'),
];

export const SIGNED_IN_PAGES: readonly CheckedPage[] = [
  // Reached from the app bar's company switch as well as after sign-in (an unchosen session ends when a company is chosen).
  page('/select-company', 'admin'),
  page('/auth/non-approved-company-login', 'not-approved'),
  page('/article', 'admin'),
  page('/article/view/:id', 'admin', (ids) => `/article/view/${ids.organizerEvent}`),
  page('/my-approvals', 'admin'),
  page('/audit', 'admin'),
  // The seller's received tenders and quotation form (the contractor, invited in accessibility.spec.ts), the buyer's Invitations tab.
  page('/tendering/tenderers', 'admin'),
  page('/tendering/received', 'contractor'),
  page('/tendering/received/:tenderId', 'contractor', (ids) => `/tendering/received/${ids.invitedTender}`),
  page('/:kind/:id/show?tab=invitations', 'admin', (ids) => `/tender/${ids.invitedTender}/show?tab=invitations`),
  page('/:kind/:id/show?tab=analysis', 'admin', (ids) => `/tender/${ids.closedTender}/show?tab=analysis`),
  page('/:kind/:id/show?tab=award', 'admin', (ids) => `/tender/${ids.closedTender}/show?tab=award`),
  page('/tendering/received/:tenderId/board', 'contractor', (ids) => `/tendering/received/${ids.invitedTender}/board`),
  page('/organizer/events/*', 'admin', '/organizer/events'),
  page('/organizer/events/:id', 'admin', (ids) => `/organizer/events/${ids.organizerEvent}`),
  page('/administration/company', 'admin'),
  // The company profile's tabs (deep links), the demo company's profile filled in.
  page('/administration/company?tab=information', 'admin'),
  page('/administration/company?tab=registration', 'admin'),
  page('/administration/company?tab=shareholders', 'admin'),
  page('/administration/company?tab=directors', 'admin'),
  page('/administration/company?tab=machinery', 'admin'),
  page('/administration/company?tab=trackRecord', 'admin'),
  page('/administration/company?tab=files', 'admin'),
  page('/administration/company?tab=sharing', 'admin'),
  page('/administration/company?tab=history', 'admin'),
  page('/administration/add-company', 'admin'),
  // Registering a company with none chosen (the platform administrator belongs to none), and a registration in progress.
  page('/administration/add-company', 'platform-admin'),
  page('/administration/company', 'not-approved'),
  // The platform administrator's review: the queue, and the demo's submitted company (Baru Consult).
  page('/admin/company-registrations', 'platform-admin'),
  page('/admin/company-registrations/:id', 'platform-admin', '/admin/company-registrations/baru-consult'),
  page('/administration/authority', 'admin'),
  // Delegations of approval authority: the administrator sees the company's grants (the demo has none: the empty state).
  page('/delegations', 'admin'),
  page('/admin/users', 'platform-admin'),
  page('/admin/email-log', 'platform-admin'),
  page('/admin/advertisements', 'platform-admin'),
  page('/admin/inquiries', 'platform-admin'),
  // The business network: each tab (the demo has no relations: the empty states), a §2.6 target's slug, and the conversations.
  page('/business-network/:tab', 'admin', '/business-network/companies'),
  page('/business-network/:tab', 'admin', '/business-network/partners'),
  page('/business-network/:tab', 'admin', '/business-network/request-received-partner'),
  page('/business-network/:tab', 'admin', '/business-network/conversations'),
  page('/business-network/seller/:tab', 'admin', '/business-network/seller/approved-client2'),
  // Subscriptions: the platform administrator's configuration, the company's packages and bills (the demo has none: the empty state).
  page('/admin/configuration', 'platform-admin'),
  page('/admin/coupons', 'platform-admin'),
  page('/admin/billing', 'platform-admin'),
  page('/admin/manual-payments', 'platform-admin'),
  page('/admin/subscriptions', 'platform-admin'),
  // Reports: the buyer's (Teguh Bina buys), the seller's and developer's (Kukuh Jaya, a contractor, is offered
  // every company report), one with a window and an "as of" time, and the platform's two.
  page('/reports/buyer', 'admin'),
  page('/reports/seller', 'contractor'),
  page('/reports/developer', 'contractor'),
  page('/reports/buyer', 'admin', '/reports/buyer?from=2026-01-01&to=2026-01-31&asOf=2026-02-01T09%3A00%3A00.000Z'),
  page('/admin/reports', 'platform-admin'),
  page('/admin/login-activity', 'platform-admin'),
  page('/administration/subscription', 'admin'),
  page('/administration/users/:tab', 'admin', '/administration/users/active'),
  // The §2.6 target of pending user approvals.
  page('/administration/users/:tab', 'admin', '/administration/users/pending-approval'),
  page('/administration/users/:tab', 'admin', '/administration/users/not-active?status=terminated'),
  page('/administration/user-roles', 'admin'),
  // A company's setups (apps/api/src/company-setups/README.md): the demo's Teguh Bina keeps some of each but terms.
  page('/administration/terms-and-agreements', 'admin'),
  page('/administration/project-categories', 'admin'),
  page('/administration/project-regions', 'admin'),
  page('/administration/profit-parameters', 'admin'),
  page('/administration/questionnaires', 'admin'),
  // Vendor appraisals (apps/api/src/vendor-appraisals/README.md): the list, the form, one appraisal with the vendor's history.
  page('/vendor-management/my-vendor-appraisal', 'admin'),
  page('/vendor-management/my-vendor-appraisal/create', 'admin'),
  page('/vendor-management/my-vendor-appraisal/:id', 'admin', (ids) => `/vendor-management/my-vendor-appraisal/${ids.vendorAppraisal}`),
  page('/administration/catalogue-items', 'admin'),
  // Inventory (apps/api/src/inventory/README.md): the projects, the site locations, a project's stock pages.
  page('/inventory', 'admin'),
  page('/inventory/site-locations', 'admin'),
  page('/inventory/:projectId/:page', 'admin', (ids) => `/inventory/${ids.project}/stock-receive`),
  page('/inventory/:projectId/:page', 'admin', (ids) => `/inventory/${ids.project}/stock-out`),
  page('/administration/data-import/catalogue-items', 'admin'),
  page('/administration/data-import/users', 'admin'),
  page('/administration/data-import/machinery', 'admin'),
  page('/project/:kind', 'admin', '/project/developer'),
  page('/project/:kind', 'admin', '/project/demand'),
  page('/project/:kind', 'admin', '/project/supply'),
  page('/project/:kind/:tab', 'admin', '/project/demand/pending-approval'),
  page('/project/:kind/create', 'admin', '/project/developer/create'),
  page('/projects/:id', 'admin', (ids) => `/projects/${ids.project}`),
  ...['members', 'stages', 'authority', 'documents', 'budget', 'progress', 'requests', 'history'].map((tab) =>
    page('/projects/:id/:tab', 'admin', (ids) => `/projects/${ids.project}/${tab}`),
  ),
  page('/projects/:id/edit', 'admin', (ids) => `/projects/${ids.project}/edit`),
  page('/project/:id/bill-of-quantity', 'admin', (ids) => `/project/${ids.project}/bill-of-quantity`),
  page('/project/:id/tender-costing', 'admin', (ids) => `/project/${ids.project}/tender-costing`),
  page('/project/:id/build-up-master', 'admin', (ids) => `/project/${ids.project}/build-up-master`),
  // The §2.6 BQ scans target: the project's scan list (the demo has no scan: the list is empty).
  page('/project/:id/bill-of-quantity-scan-list', 'admin', (ids) => `/project/${ids.project}/bill-of-quantity-scan-list`),
  page('/cidb-administration/company-profile', 'contractor'),
  page('*', 'admin', '/no-such-page'),
];

/** The contractor menu's pages (MODULES' dotted keys, §2.4): the paths are read from access/modules.ts. */
export const CONTRACTOR_PAGE_PATHS = [
  '/trade-and-service/search-contractor',
  '/trade-and-service/bq',
  '/trade-and-service/budget',
  '/trade-and-service/call-tender',
  '/trade-and-service/received-invoice',
  '/business-opportunity/received-tender',
  '/business-opportunity/invoice-generator',
  '/business-opportunity/receipt-generator',
  '/business-opportunity/quotation-generator',
];
/** The contractor pages that print a document (contractor-pages.ts' `print`), under <path>/<id>. */
export const CONTRACTOR_PRINT_PATHS = [
  '/business-opportunity/invoice-generator',
  '/business-opportunity/receipt-generator',
  '/business-opportunity/quotation-generator',
];
export const CONTRACTOR_PAGES = [
  ...CONTRACTOR_PAGE_PATHS.map((path) => page(`${path}/*`, 'contractor', path)),
  ...CONTRACTOR_PRINT_PATHS.map((path) =>
    page(`${path}/:id`, 'contractor', (ids) => `${path}/${encodeURIComponent(ids.printable[path]!)}`),
  ),
];

/**
 * §2.6 notification link targets (notifications/link-targets.ts) the area has no page for, each showing its own
 * note. None today: the targets lead to a document kind's list or a document (checked below as document
 * pages), to a redirect, or to a page of their own (pending user approvals: checked above).
 */
export const LINK_TARGET_PAGES: readonly CheckedPage[] = [];

/** Every document kind of the catalogue: its list and create form; show and edit on the kinds the demo has documents of. */
export function documentPages(kinds: readonly string[], ids: Ids): CheckedPage[] {
  // A list past the count's cap says so in a status line and its range reads "1-25 of 10,000 or more".
  const capped = page('/:kind (total capped)', 'admin', '/tender', 'capped');
  return [
    capped,
    ...kinds.flatMap((kind) => [
      page(`/${kind}`, 'admin'),
      page(`/${kind}/create`, 'admin'),
      ...(ids.documents[kind]
        ? [page(`/${kind}/:id/show`, 'admin', (i) => `/${kind}/${encodeURIComponent(i.documents[kind]!)}/show`)]
        : []),
    ]),
  ].concat(
    page(`/${ids.editable.kind}/:id`, 'admin', (i) => `/${i.editable.kind}/${encodeURIComponent(i.editable.id)}`),
    // The history tab: the timeline, its chain check and the audit bundle's download.
    ...(ids.documents.purchaseOrder
      ? [
          page(
            '/:kind/:id/show?tab=history',
            'admin',
            (i) => `/purchaseOrder/${encodeURIComponent(i.documents.purchaseOrder!)}/show?tab=history`,
          ),
        ]
      : []),
  );
}

const UI = resolve(import.meta.dirname, '../../../ui/src');

/**
 * The literal route paths of the ui's routers, read from their sources, and the dynamic ones the routers
 * build from MODULES and LINK_TARGET_ROUTES (named, so a new kind of dynamic route shows up as unknown).
 */
export function routerRoutes(): { literal: string[]; dynamic: string[] } {
  const files = ['app.tsx', 'public/routes.tsx', 'admin/AdminApp.tsx'];
  const literal = files.flatMap((file) =>
    [...readFileSync(resolve(UI, file), 'utf8').matchAll(/<Route\s+(?:key=\S+\s+)?path="([^"]+)"/g)].map((m) => m[1]!),
  );
  const dynamic = files.flatMap((file) =>
    [...readFileSync(resolve(UI, file), 'utf8').matchAll(/path=\{([^}]*\}?[^}]*)\}/g)].map((m) => m[1]!.trim()),
  );
  return { literal, dynamic };
}

/**
 * Routes declared inside pages (a <Routes> of their own), by file: each path ('index' for an index route) and
 * the checked route that covers it. A new file with routes, or a new route in one of these, fails the
 * coverage test until it is listed here and checked.
 */
export const NESTED_ROUTES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'admin/events/EventsRoutes.tsx': { index: ['/organizer/events/*'], ':id': ['/organizer/events/:id'] },
  'admin/contractor/ContractorPage.tsx': {
    index: CONTRACTOR_PAGE_PATHS.map((path) => `${path}/*`),
    ':id': CONTRACTOR_PRINT_PATHS.map((path) => `${path}/:id`),
  },
};

/** Files of the ui that declare routes, other than the three routers and the link targets' (checked above). */
export function nestedRouteFiles(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx$/.test(entry.name) && !/\.(test|spec)\.tsx$/.test(entry.name)) {
        const file = relative(UI, path);
        if (['app.tsx', 'public/routes.tsx', 'admin/AdminApp.tsx', 'admin/notifications/LinkTargetPage.tsx'].includes(file)) continue;
        const routes = [...readFileSync(path, 'utf8').matchAll(/<Route\b([^>]*)/g)].map((m) =>
          /\bindex\b/.test(m[1]!) ? 'index' : (/path="([^"]+)"/.exec(m[1]!)?.[1] ?? m[1]!.trim()),
        );
        if (routes.length > 0) found[file] = routes;
      }
    }
  };
  walk(UI);
  return found;
}

/** The printing pages as contractor-pages.ts declares them (the entries with `print:`). */
export function printPathsInPages(): string[] {
  const source = readFileSync(resolve(UI, 'admin/contractor/contractor-pages.ts'), 'utf8');
  return [...source.matchAll(/'(\w+)\.([\w-]+)': \{[^}]*\bprint: '/g)].map(
    (m) => `/${m[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}/${m[2]}`,
  );
}

/** The contractor paths as access/modules.ts declares them (its two .map lines). */
export function contractorPathsInModules(): string[] {
  const source = readFileSync(resolve(UI, 'admin/access/modules.ts'), 'utf8');
  const lists = [
    ...source.matchAll(
      /\.\.\.\[([^\]]+)\]\.map\(\(page\): ModuleDef => \(\{\s*key: `(\w+)\.\$\{page\}`,\s*path: `\/([\w-]+)\/\$\{page\}`/g,
    ),
  ];
  return lists.flatMap((m) => [...m[1]!.matchAll(/'([\w-]+)'/g)].map((p) => `/${m[3]}/${p[1]}`));
}

/** The not-built link targets of notifications/link-targets.ts (the literal ones that are not kinds' paths). */
export function literalLinkTargets(): string[] {
  const source = readFileSync(resolve(UI, 'admin/notifications/link-targets.ts'), 'utf8');
  const block = /LINK_TARGET_ROUTES[^=]*=\s*\[([\s\S]*?)\n\];/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)',?$/gm)].map((m) => m[1]!);
}

// What the signed-in area offers and who may use it (signed-in-area.md §4.8, §6): each module declares the
// access rights that open it (any one suffices) and whether a company that is not approved may use it.
// The menu shows only what may be used; a direct URL to anything else renders the no-access page.
import { CompanySubmissionStatus, hasAnyAccessRight, SubscriptionType, type AccessRight } from '@binaan/contracts';
import { viewRight } from '../catalogue/catalogue.js';
import { CONTRACTOR_PAGES, pageResources } from '../contractor/contractor-pages.js';
import { REPORT_MODULES, REPORT_SUBSCRIPTION_TYPES } from '../reports/report-offer.js';

function contractorPageRights(key: string): readonly AccessRight[] {
  const page = CONTRACTOR_PAGES[key];
  return page ? [...new Set(pageResources(page).map(viewRight))] : [];
}

/** adminRights: a platform administrator's admin module rights once read (null until then, or for anyone else). */
export type AccessContext = {
  rights: string;
  approved: boolean;
  admin: boolean;
  contractor: boolean;
  subscriptionType?: number | undefined;
  adminRights?: readonly string[] | null;
};

export type ModuleDef = {
  key: string;
  path: string;
  /** Any one of these opens it; none listed: every signed-in user of the company. */
  rights?: readonly AccessRight[];
  /** §4.8: usable while the company is not approved. */
  allowPending?: boolean;
  /** §4.8: admin users (type 2) may still reach it when the company is not approved. */
  adminMayEnter?: boolean;
  /** Only for the platform administrator (user type 2), whatever the company. */
  adminOnly?: boolean;
  /** With adminOnly: the admin module right it needs (§6); the api refuses without it, the menu leaves it out. */
  adminRight?: AccessRight;
  /** §2.4: only for contractor subscriptions. */
  contractorOnly?: boolean;
  /** Only for these subscription types (the company reports: reports/report-offer.ts). */
  subscriptionTypes?: readonly number[];
  /** Menu group and label key (admin.menu.<key>). */
  group: 'main' | 'projects' | 'documents' | 'reports' | 'administration' | 'platformAdmin' | 'contractor' | 'hidden';
};

export const DECIDING_RIGHTS: readonly AccessRight[] = [
  'procurement.approve',
  'procurement.confirm',
  'tenderManagement.approve',
  'contractManagement.approve',
  'contractManagement.confirm',
];
const DOCUMENT_VIEW_RIGHTS: readonly AccessRight[] = ['procurement.view', 'tenderManagement.view', 'contractManagement.view'];
const PROJECT_RIGHTS: readonly AccessRight[] = ['project.view', 'project.viewAll', 'project.create', 'project.approve'];

export const MODULES: readonly ModuleDef[] = [
  { key: 'article', path: '/article', allowPending: true, group: 'main' },
  { key: 'myApprovals', path: '/my-approvals', rights: DECIDING_RIGHTS, group: 'main' },
  { key: 'audit', path: '/audit', rights: DOCUMENT_VIEW_RIGHTS, group: 'main' },
  // The business network.
  { key: 'businessNetwork', path: '/business-network', rights: ['businessNetwork.view', 'businessNetwork.update'], group: 'main' },
  // Tenders the company was invited to; any active user of it may quote (the api's rule).
  { key: 'receivedTenders', path: '/tendering/received', group: 'main' },
  // The buyer's approved list of tenderers; the api checks the tender authority levels per act.
  { key: 'approvedTenderers', path: '/tendering/tenderers', rights: ['tenderManagement.view'], group: 'main' },
  // The company's appraisals of its vendors (apps/api/src/vendor-appraisals/README.md); §2.6's vendor appraisal target.
  {
    key: 'vendorAppraisals',
    path: '/vendor-management/my-vendor-appraisal',
    rights: ['vendorManagement.view', 'vendorManagement.update'],
    group: 'main',
  },
  // Projects per type (spec §6: developer, owner = demand, supplier = supply), the hub of the signed-in area.
  ...(['developer', 'demand', 'supply'] as const).map((kind): ModuleDef => ({
    key: `projects${kind.charAt(0).toUpperCase()}${kind.slice(1)}`,
    path: `/project/${kind}`,
    rights: PROJECT_RIGHTS,
    group: 'projects',
  })),
  // Inventory (§2.5): site locations and each project's stock; the procurement module's (inventory/).
  {
    key: 'inventory',
    path: '/inventory',
    rights: ['procurement.view', 'procurement.update', 'procurement.approve', 'procurement.confirm'],
    group: 'main',
  },
  { key: 'events', path: '/organizer/events', rights: ['administration.companyProfile.update', 'projectManagement.update'], group: 'main' },
  {
    key: 'companyProfile',
    path: '/administration/company',
    rights: ['administration.companyProfile.view', 'administration.companyProfile.update'],
    allowPending: true,
    group: 'administration',
  },
  { key: 'addCompany', path: '/administration/add-company', adminMayEnter: true, group: 'administration' },
  // The company's people and roles (§2.5). A company awaiting approval may use both: its administrator invites
  // colleagues and sets up their roles while the platform reviews the registration.
  {
    key: 'users',
    path: '/administration/users',
    rights: ['administration.users.view', 'administration.users.update', 'administration.users.approve'],
    allowPending: true,
    group: 'administration',
  },
  {
    key: 'userRoles',
    path: '/administration/user-roles',
    rights: [
      'administration.users.view',
      'administration.users.update',
      'administration.users.approve',
      'administration.fullAccessControl.update',
    ],
    allowPending: true,
    group: 'administration',
  },
  // The platform administrator's accounts, to export or forget a person (any company's, or none).
  { key: 'platformUsers', path: '/admin/users', adminOnly: true, adminRight: 'admin.user', allowPending: true, group: 'administration' },
  // The platform administrator's review of the companies that register (company-registration/).
  {
    key: 'companyRegistrations',
    path: '/admin/company-registrations',
    adminOnly: true,
    adminRight: 'admin.company',
    allowPending: true,
    group: 'administration',
  },
  // Every e-mail the platform tried to send, and why one did not go (messaging/mail-log/).
  { key: 'emailLog', path: '/admin/email-log', adminOnly: true, adminRight: 'admin.user', allowPending: true, group: 'administration' },
  // The platform's advertisements, shown on the public landing page (advertisements/).
  {
    key: 'advertisements',
    path: '/admin/advertisements',
    adminOnly: true,
    adminRight: 'admin.advertisement',
    allowPending: true,
    group: 'administration',
  },
  // The public's messages from the landing page's contact form (inquiries/).
  { key: 'inquiries', path: '/admin/inquiries', adminOnly: true, adminRight: 'admin.inquiry', allowPending: true, group: 'administration' },
  // The company's subscription and its bills (§2.5): the profile's readers see them; the api lets only its update right order.
  {
    key: 'subscription',
    path: '/administration/subscription',
    rights: ['administration.companyProfile.view', 'administration.companyProfile.update'],
    group: 'administration',
  },
  // The platform administrator's Admin menu (§2.5 admin module): the platform configuration.
  {
    key: 'platformConfiguration',
    path: '/admin/configuration',
    adminOnly: true,
    adminRight: 'admin.configuration',
    allowPending: true,
    group: 'platformAdmin',
  },
  { key: 'coupons', path: '/admin/coupons', adminOnly: true, adminRight: 'admin.coupon', allowPending: true, group: 'platformAdmin' },
  {
    key: 'subscriptionsAdmin',
    path: '/admin/subscriptions',
    adminOnly: true,
    adminRight: 'admin.company',
    allowPending: true,
    group: 'platformAdmin',
  },
  { key: 'billingAdmin', path: '/admin/billing', adminOnly: true, adminRight: 'admin.company', allowPending: true, group: 'platformAdmin' },
  // Cheques and bank drafts the companies recorded for their bills, confirmed or rejected here (cheque-payments/).
  {
    key: 'manualPayments',
    path: '/admin/manual-payments',
    adminOnly: true,
    adminRight: 'admin.company',
    allowPending: true,
    group: 'platformAdmin',
  },
  // The company's catalogue (§2.5, §6 administration "catalogue"): products, trades and others for the line pickers.
  {
    key: 'catalogueItems',
    path: '/administration/catalogue-items',
    rights: ['administration.catalogue.view', 'administration.catalogue.update'],
    group: 'administration',
  },
  // Data import by Excel upload (§2.5): into the catalogue with its update right, users with the users update right.
  {
    key: 'catalogueImport',
    path: '/administration/data-import/catalogue-items',
    rights: ['administration.catalogue.update'],
    group: 'administration',
  },
  { key: 'usersImport', path: '/administration/data-import/users', rights: ['administration.users.update'], group: 'administration' },
  // Machinery into the profile's machinery tab, by those who change the profile; as the profile, while the company awaits approval too.
  {
    key: 'machineryImport',
    path: '/administration/data-import/machinery',
    rights: ['administration.companyProfile.update'],
    allowPending: true,
    group: 'administration',
  },
  {
    key: 'authority',
    path: '/administration/authority',
    rights: ['administration.authorityManual.view', 'administration.authorityManual.update'],
    group: 'administration',
  },
  // Lending one's approvals for a period (authority context's delegations): every member of an approved company
  // sees the grants they give or receive there, so it has no right of its own; the api says who may do what.
  { key: 'delegations', path: '/delegations', group: 'administration' },
  // A company's setups (apps/api/src/company-setups/README.md, "Rights").
  {
    key: 'termsAndAgreements',
    path: '/administration/terms-and-agreements',
    rights: ['administration.termsAndAgreements.view', 'administration.termsAndAgreements.update'],
    group: 'administration',
  },
  {
    key: 'projectCategories',
    path: '/administration/project-categories',
    rights: ['administration.categoryAndRegion.view', 'administration.categoryAndRegion.update'],
    group: 'administration',
  },
  {
    key: 'projectRegions',
    path: '/administration/project-regions',
    rights: ['administration.categoryAndRegion.view', 'administration.categoryAndRegion.update'],
    group: 'administration',
  },
  {
    key: 'profitParameters',
    path: '/administration/profit-parameters',
    rights: ['administration.companyProfile.view', 'administration.companyProfile.update'],
    group: 'administration',
  },
  {
    key: 'questionnaires',
    path: '/administration/questionnaires',
    rights: ['administration.companyProfile.view', 'administration.companyProfile.update'],
    group: 'administration',
  },
  // The company's reports (§2.5), each to the subscription types it speaks of (reports/report-offer.ts).
  ...(['buyer', 'seller', 'developer'] as const).map((report): ModuleDef => ({
    ...REPORT_MODULES[report],
    rights: ['reports.view'],
    subscriptionTypes: REPORT_SUBSCRIPTION_TYPES[report],
    group: 'reports',
  })),
  // The platform's reports, with the admin module's report right (§6).
  ...(['platform', 'loginActivity'] as const).map((report): ModuleDef => ({
    ...REPORT_MODULES[report],
    adminOnly: true,
    adminRight: 'admin.report',
    allowPending: true,
    group: 'platformAdmin',
  })),
  // §2.4, the contractor menu.
  { key: 'cidbCompanyProfile', path: '/cidb-administration/company-profile', contractorOnly: true, group: 'contractor' },
  { key: 'cidbMaterial', path: '/cidb-material/purchase-order', rights: ['procurement.view'], contractorOnly: true, group: 'contractor' },
  // Each page needs the view right of a document kind it reads (any one, for the budget); the search none.
  ...['search-contractor', 'bq', 'budget', 'call-tender', 'received-invoice'].map((page): ModuleDef => ({
    key: `tradeAndService.${page}`,
    path: `/trade-and-service/${page}`,
    contractorOnly: true,
    group: 'contractor',
    rights: contractorPageRights(`tradeAndService.${page}`),
  })),
  ...['received-tender', 'invoice-generator', 'receipt-generator', 'quotation-generator'].map((page): ModuleDef => ({
    key: `businessOpportunity.${page}`,
    path: `/business-opportunity/${page}`,
    contractorOnly: true,
    group: 'contractor',
    rights: contractorPageRights(`businessOpportunity.${page}`),
  })),
];

export function moduleByKey(key: string): ModuleDef {
  const found = MODULES.find((m) => m.key === key);
  if (!found) throw new Error(`unknown module ${key}`);
  return found;
}

export function canUse(
  module: Pick<
    ModuleDef,
    'rights' | 'allowPending' | 'adminMayEnter' | 'contractorOnly' | 'adminOnly' | 'adminRight' | 'subscriptionTypes'
  >,
  access: AccessContext,
): boolean {
  if (module.adminOnly && !access.admin) return false;
  if (module.adminRight && access.adminRights && !access.adminRights.includes(module.adminRight)) return false;
  if (!access.approved && !module.allowPending && !(module.adminMayEnter && access.admin)) return false;
  if (module.contractorOnly && !access.contractor) return false;
  if (module.subscriptionTypes && (access.subscriptionType === undefined || !module.subscriptionTypes.includes(access.subscriptionType)))
    return false;
  if (module.rights && module.rights.length > 0 && !hasAnyAccessRight(access.rights, ...module.rights)) return false;
  return true;
}

export function accessContext(
  rights: string,
  companyStatus: number | undefined,
  subscriptionType: number | undefined,
  userRole: string,
): AccessContext {
  return {
    rights,
    approved: companyStatus === CompanySubmissionStatus.Approved,
    admin: userRole === 'ADMIN',
    contractor: subscriptionType === SubscriptionType.CidbContractor,
    subscriptionType,
  };
}

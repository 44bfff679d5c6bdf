// Demo data for trying Binaan: a company of every subscription type (most approved, one submitted, one
// still in progress, one contractor), users with roles and authority, and a platform admin. The README's
// demo-login table lists these accounts; a spec checks that the two agree.

import { CompanySubmissionStatus, SubscriptionType, type AccessRight } from '@binaan/contracts';

export const DEMO_PASSWORD = 'Demo@Binaan2026';

type DemoRole = { roleId: string; name: string; accessRights: readonly AccessRight[]; isSiteTeam?: boolean };

const COMPANY_ADMIN: readonly AccessRight[] = [
  'administration.companyProfile.view',
  'administration.companyProfile.update',
  'administration.catalogue.view',
  'administration.catalogue.update',
  'administration.users.view',
  'administration.users.update',
  'administration.users.approve',
  'administration.termsAndAgreements.view',
  'administration.authorityManual.view',
  'administration.authorityManual.update',
  'administration.categoryAndRegion.view',
  'administration.companyValidity.view',
  // She keeps the company's setups too: its terms, project categories and regions.
  'administration.termsAndAgreements.update',
  'administration.categoryAndRegion.update',
  // Aminah sets up her companies' roles too (the user roles page's editing right).
  'administration.fullAccessControl.update',
  'businessNetwork.view',
  'businessNetwork.update',
  // She reads and keeps the company's appraisals of its vendors too (vendor-appraisals/).
  'vendorManagement.view',
  'vendorManagement.update',
  'project.create',
  'project.view',
  'project.viewAll',
  'reports.view',
  'newDashboards.view',
  // The document modules too: Aminah holds levels 10 and 22 on Teguh Bina's documents (documents/document-access.ts).
  ...(['procurement', 'tenderManagement', 'contractManagement'] as const).flatMap(
    (module) => [`${module}.view`, `${module}.update`, `${module}.approve`] as const,
  ),
  'procurement.confirm',
  'contractManagement.confirm',
  // Events and certificates: Aminah organizes Teguh Bina's events (demo-certificates.ts).
  'eventManagement.update',
  'eventManagement.scan',
];
const OFFICER: readonly AccessRight[] = [
  'project.view',
  'procurement.view',
  'procurement.update',
  'tenderManagement.view',
  'tenderManagement.update',
  'contractManagement.view',
  'contractManagement.update',
  'costPlanAndLibrary.view',
  'costPlanAndLibrary.update',
  'businessNetwork.view',
  'vendorManagement.view',
  // The officer appraises the vendors the company buys from (vendor-appraisals/).
  'vendorManagement.update',
];
const APPROVER: readonly AccessRight[] = [
  'project.view',
  'project.viewAll',
  'project.approve',
  'procurement.view',
  'procurement.approve',
  'procurement.confirm',
  'tenderManagement.view',
  'tenderManagement.approve',
  'contractManagement.view',
  'contractManagement.approve',
  'contractManagement.confirm',
  'reports.view',
];
// The site team also verifies material documents for its site (orders, deliveries) at the levels it is given.
const SITE: readonly AccessRight[] = [
  'project.view',
  'projectManagement.view',
  'projectManagement.update',
  'liveProgress.view',
  'defectManagement.view',
  'defectManagement.update',
  'procurement.view',
  'procurement.approve',
  'procurement.confirm',
  // ...and scans tickets at the door of the company's events.
  'eventManagement.scan',
];

export const DEMO_ROLES: readonly DemoRole[] = [
  { roleId: 'company-admin', name: 'Company Administrator', accessRights: COMPANY_ADMIN },
  { roleId: 'procurement-officer', name: 'Procurement Officer', accessRights: OFFICER },
  { roleId: 'approver', name: 'Approver', accessRights: APPROVER },
  { roleId: 'site-team', name: 'Site Team', accessRights: SITE, isSiteTeam: true },
];

/** adminRights: a platform administrator's admin module rights when narrowed (absent: every one). */
export type DemoUser = { email: string; name: string; mobile: string; userType: 1 | 2; adminRights?: readonly AccessRight[]; note: string };

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'admin@binaan.my',
    name: 'Platform Administrator',
    mobile: '+60123000001',
    userType: 2,
    note: 'platform admin (user type 2): admin module, any company',
  },
  {
    email: 'support@binaan.my',
    name: 'Siti Support',
    mobile: '+60123000012',
    userType: 2,
    adminRights: ['admin.inquiry'],
    note: "platform staff (user type 2) with the admin module's inquiry right only: answers the contact form",
  },
  {
    email: 'aminah@teguhbina.my',
    name: 'Aminah binti Yusof',
    mobile: '+60123000002',
    userType: 1,
    note: 'administrator at Teguh Bina (buyer) and Seri Hartanah (developer): company selection',
  },
  {
    email: 'kumar@teguhbina.my',
    name: 'Kumar a/l Rajan',
    mobile: '+60123000003',
    userType: 1,
    note: 'procurement officer at Teguh Bina (creates and proposes, level 10)',
  },
  {
    email: 'lim@teguhbina.my',
    name: 'Lim Wei Ling',
    mobile: '+60123000004',
    userType: 1,
    note: 'approver at Teguh Bina (verify levels 1 and 2)',
  },
  { email: 'farid@teguhbina.my', name: 'Farid bin Hassan', mobile: '+60123000005', userType: 1, note: 'site team at Teguh Bina' },
  {
    email: 'mei@mutiarasupplies.my',
    name: 'Tan Mei Hua',
    mobile: '+60123000006',
    userType: 1,
    note: 'administrator and approver at Mutiara Supplies (seller): confirms orders',
  },
  {
    email: 'ahmad@mutiarasupplies.my',
    name: 'Ahmad bin Salleh',
    mobile: '+60123000011',
    userType: 1,
    note: 'sales officer at Mutiara Supplies (seller): issues delivery orders and invoices (level 10)',
  },
  {
    email: 'hafiz@serihartanah.my',
    name: 'Hafiz bin Omar',
    mobile: '+60123000007',
    userType: 1,
    note: 'approver at Seri Hartanah (developer)',
  },
  {
    email: 'wong@kukuhcontractor.my',
    name: 'Wong Kah Seng',
    mobile: '+60123000008',
    userType: 1,
    note: 'administrator at Kukuh Jaya Contractor (CIDB contractor)',
  },
  {
    email: 'nurul@baruconsult.my',
    name: 'Nurul Izzah binti Ali',
    mobile: '+60123000009',
    userType: 1,
    note: 'administrator at Baru Consult (submitted, waiting for approval)',
  },
  {
    email: 'daniel@lestariebuild.my',
    name: 'Daniel Chong',
    mobile: '+60123000010',
    userType: 1,
    note: 'administrator at Lestari eBuild (sign-up in progress, not approved)',
  },
];

export type DemoCompany = {
  key: string;
  name: string;
  registrationNo: string;
  subscriptionType: number;
  subscriptionDetailType: string;
  status: 1 | 2 | 3 | 4;
  members: { email: string; roles: string[] }[];
  authority?: { email: string; resourceCode: string; levels: number[] }[];
};

const approved = CompanySubmissionStatus.Approved;
// deliveryOrder and invoice: Teguh Bina confirms and accepts what its sellers issue (the counterparty's level 20).
const procurementResources = [
  'tender',
  'purchaseOrder',
  'workOrder',
  'rentalOrder',
  'letterOfAward',
  'progressiveClaim',
  'paymentCertificate',
  'invoice',
  'deliveryOrder',
  'materialRequest',
  'machineRequest',
  'tradeRequest',
  'variationOrder',
  'instruction',
];

export const DEMO_COMPANIES: readonly DemoCompany[] = [
  {
    key: 'teguh-bina',
    name: 'Teguh Bina Sdn Bhd',
    registrationNo: '1234567-A',
    subscriptionType: SubscriptionType.Buyer,
    subscriptionDetailType: 'elite',
    status: approved,
    members: [
      { email: 'aminah@teguhbina.my', roles: ['company-admin'] },
      { email: 'kumar@teguhbina.my', roles: ['procurement-officer'] },
      { email: 'lim@teguhbina.my', roles: ['approver'] },
      { email: 'farid@teguhbina.my', roles: ['site-team'] },
    ],
    authority: [
      ...procurementResources.flatMap((resourceCode) => [
        { email: 'kumar@teguhbina.my', resourceCode, levels: [10] },
        { email: 'lim@teguhbina.my', resourceCode, levels: [20, 21] },
        { email: 'aminah@teguhbina.my', resourceCode, levels: [10, 22] },
      ]),
      // The business network: Aminah invites partners and answers requests.
      { email: 'aminah@teguhbina.my', resourceCode: 'companyRelation', levels: [10] },
    ],
  },
  {
    key: 'mutiara-supplies',
    name: 'Mutiara Supplies Sdn Bhd',
    registrationNo: '2345678-B',
    subscriptionType: SubscriptionType.Seller,
    subscriptionDetailType: 'supplier',
    status: approved,
    members: [
      { email: 'mei@mutiarasupplies.my', roles: ['company-admin', 'approver'] },
      { email: 'ahmad@mutiarasupplies.my', roles: ['procurement-officer'] },
    ],
    authority: [
      ...['purchaseOrder', 'rentalOrder', 'deliveryOrder', 'invoice', 'variationOrder', 'instruction'].map((resourceCode) => ({
        email: 'mei@mutiarasupplies.my',
        resourceCode,
        levels: [10, 20],
      })),
      ...['deliveryOrder', 'invoice'].map((resourceCode) => ({ email: 'ahmad@mutiarasupplies.my', resourceCode, levels: [10] })),
      // The business network: Mei invites partners and answers requests.
      { email: 'mei@mutiarasupplies.my', resourceCode: 'companyRelation', levels: [10] },
    ],
  },
  {
    key: 'seri-hartanah',
    name: 'Seri Hartanah Berhad',
    registrationNo: '3456789-C',
    subscriptionType: SubscriptionType.Developer,
    subscriptionDetailType: 'advanced',
    status: approved,
    members: [
      { email: 'aminah@teguhbina.my', roles: ['company-admin'] },
      { email: 'hafiz@serihartanah.my', roles: ['approver'] },
    ],
    authority: ['tender', 'letterOfAward', 'paymentCertificate'].map((resourceCode) => ({
      email: 'hafiz@serihartanah.my',
      resourceCode,
      levels: [20],
    })),
  },
  {
    key: 'kukuh-jaya',
    name: 'Kukuh Jaya Contractor Sdn Bhd',
    registrationNo: '4567890-D',
    subscriptionType: SubscriptionType.CidbContractor,
    subscriptionDetailType: 'subcontractor',
    status: approved,
    members: [{ email: 'wong@kukuhcontractor.my', roles: ['company-admin', 'procurement-officer'] }],
  },
  {
    key: 'baru-consult',
    name: 'Baru Consult Sdn Bhd',
    registrationNo: '5678901-E',
    subscriptionType: SubscriptionType.Consultant,
    subscriptionDetailType: 'basic',
    status: CompanySubmissionStatus.Submitted,
    members: [{ email: 'nurul@baruconsult.my', roles: ['company-admin'] }],
  },
  {
    key: 'lestari-ebuild',
    name: 'Lestari eBuild Sdn Bhd',
    registrationNo: '6789012-F',
    subscriptionType: SubscriptionType.EBuild,
    subscriptionDetailType: 'basic',
    status: CompanySubmissionStatus.InProgress,
    members: [{ email: 'daniel@lestariebuild.my', roles: ['company-admin'] }],
  },
  // The remaining subscription types, approved; Aminah administers them, so her company list shows every type.
  ...(
    [
      ['jaya-padu', 'Jaya Padu Trading Sdn Bhd', '7890123-G', SubscriptionType.BuyerSeller],
      ['harmoni-dev', 'Harmoni Development Sdn Bhd', '8901234-H', SubscriptionType.DeveloperBuyer],
      ['ringkas-build', 'Ringkas Build Enterprise', '9012345-J', SubscriptionType.BuyerLite],
      ['perolehan-maju', 'Perolehan Maju Sdn Bhd', '1122334-K', SubscriptionType.ProcurementBuyer],
      ['bekal-prima', 'Bekal Prima Sdn Bhd', '2233445-L', SubscriptionType.ProcurementSeller],
    ] as const
  ).map(([key, name, registrationNo, subscriptionType]): DemoCompany => ({
    key,
    name,
    registrationNo,
    subscriptionType,
    subscriptionDetailType: 'basic',
    status: approved,
    members: [{ email: 'aminah@teguhbina.my', roles: ['company-admin'] }],
  })),
];

/** A call for interest from Teguh Bina, acceptable from the sign-up page with this invitation_id. */
export const DEMO_INVITATION = {
  id: 'demo-call-for-interest-2026',
  from: 'teguh-bina',
  toEmail: 'tenders@example.my',
  title: 'Call for interest: Bangunan Pejabat Seri Kembangan, M&E works',
};

// The area's pages, each fetched when first opened (React.lazy): the first load of the signed-in area is the
// frame (app bar, menu, providers), and a page's own code and the react-admin and MUI parts only it uses
// (datagrid, forms, tables, slider, scanner) come with it. react-admin's Layout holds the Suspense.
import i18next from 'i18next';
import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export: the pages are named exports (house style), lazy takes a default. */
function lazyNamed<K extends string, M extends { [P in K]: ComponentType<never> }>(load: () => Promise<M>, name: K): M[K] {
  // The cast keeps the page's own props type; lazy() returns an exotic component with the same props.
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<object> }))) as unknown as M[K];
}

/**
 * A page's code with the texts only its pages use (a namespace of the i18n provider's lookup list), fetched
 * together, so the texts stay out of the area's first load (test/browser/admin/first-load.spec.ts); a later
 * change of language fetches them with the rest, i18next keeping every namespace it has loaded.
 */
function withTexts<M>(namespaces: readonly string[], load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), i18next.loadNamespaces([...namespaces])]))[0];
}

export const SelectCompanyPage = lazyNamed(
  withTexts(['company', 'setups'], () => import('./company/SelectCompanyPage.js')),
  'SelectCompanyPage',
);
export const NonApprovedCompanyPage = lazyNamed(
  withTexts(['company'], () => import('./company/NonApprovedCompanyPage.js')),
  'NonApprovedCompanyPage',
);
export const AddCompanyPage = lazyNamed(
  withTexts(['company'], () => import('./company-registration/AddCompanyPage.js')),
  'AddCompanyPage',
);
export const CompanyProfileTabsPage = lazyNamed(
  withTexts(['company'], () => import('./company-profile/CompanyProfileTabsPage.js')),
  'CompanyProfileTabsPage',
);
export const RegistrationQueuePage = lazyNamed(
  withTexts(['company'], () => import('./company-registration/RegistrationQueuePage.js')),
  'RegistrationQueuePage',
);
export const RegistrationReviewPage = lazyNamed(
  withTexts(['company'], () => import('./company-registration/RegistrationReviewPage.js')),
  'RegistrationReviewPage',
);
export const HomeDashboard = lazyNamed(() => import('./pages/HomeDashboard.js'), 'HomeDashboard');
export const MyApprovalsPage = lazyNamed(() => import('./pages/MyApprovalsPage.js'), 'MyApprovalsPage');
export const AuditPage = lazyNamed(() => import('./pages/AuditPage.js'), 'AuditPage');
export const UsersPage = lazyNamed(
  withTexts(['platform'], () => import('./users/UsersPage.js')),
  'UsersPage',
);
export const EmailLogPage = lazyNamed(
  withTexts(['platform'], () => import('./email-log/EmailLogPage.js')),
  'EmailLogPage',
);
export const AdvertisementsPage = lazyNamed(
  withTexts(['platform'], () => import('./advertisements/AdvertisementsPage.js')),
  'AdvertisementsPage',
);
// The business network.
export const BusinessNetworkPage = lazyNamed(
  withTexts(['network'], () => import('./business-network/BusinessNetworkPage.js')),
  'BusinessNetworkPage',
);
export const InquiriesPage = lazyNamed(
  withTexts(['platform'], () => import('./inquiries/InquiriesPage.js')),
  'InquiriesPage',
);
export const CompanyUsersPage = lazyNamed(
  withTexts(['people'], () => import('./people/CompanyUsersPage.js')),
  'CompanyUsersPage',
);
export const RolesPage = lazyNamed(
  withTexts(['people'], () => import('./people/RolesPage.js')),
  'RolesPage',
);
export const EventsRoutes = lazyNamed(() => import('./events/EventsRoutes.js'), 'EventsRoutes');
export const AuthorityPage = lazyNamed(
  withTexts(['authority'], () => import('./authority/AuthorityPage.js')),
  'AuthorityPage',
);
export const DelegationsPage = lazyNamed(
  withTexts(['authority'], () => import('./authority/DelegationsPage.js')),
  'DelegationsPage',
);
export const ProfitParametersPage = lazyNamed(
  withTexts(['people', 'setups'], () => import('./setups/SetupListPage.js')),
  'ProfitParametersPage',
);
export const ProjectCategoriesPage = lazyNamed(
  withTexts(['people', 'setups'], () => import('./setups/SetupListPage.js')),
  'ProjectCategoriesPage',
);
export const ProjectRegionsPage = lazyNamed(
  withTexts(['people', 'setups'], () => import('./setups/SetupListPage.js')),
  'ProjectRegionsPage',
);
export const QuestionnairesPage = lazyNamed(
  withTexts(['people', 'setups'], () => import('./setups/SetupListPage.js')),
  'QuestionnairesPage',
);
export const CompanyTermsPage = lazyNamed(
  withTexts(['setups'], () => import('./setups/CompanyTermsPage.js')),
  'CompanyTermsPage',
);
export const ConfigurationPage = lazyNamed(
  withTexts(['subscriptions'], () => import('./subscriptions/ConfigurationPage.js')),
  'ConfigurationPage',
);
export const SubscriptionPage = lazyNamed(
  withTexts(['subscriptions'], () => import('./subscriptions/SubscriptionPage.js')),
  'SubscriptionPage',
);
export const CouponsPage = lazyNamed(
  withTexts(['subscriptions'], () => import('./subscriptions/CouponsPage.js')),
  'CouponsPage',
);
export const BillingAdminPage = lazyNamed(
  withTexts(['subscriptions'], () => import('./subscriptions/BillingAdminPage.js')),
  'BillingAdminPage',
);
export const SubscriptionsAdminPage = lazyNamed(
  withTexts(['subscriptions'], () => import('./subscriptions/SubscriptionsAdminPage.js')),
  'SubscriptionsAdminPage',
);
export const ManualPaymentsPage = lazyNamed(
  withTexts(['subscriptions'], () => import('./subscriptions/ManualPaymentsPage.js')),
  'ManualPaymentsPage',
);
export const DocumentList = lazyNamed(() => import('./documents/DocumentList.js'), 'DocumentList');
export const DocumentShow = lazyNamed(() => import('./documents/DocumentShow.js'), 'DocumentShow');
export const DocumentCreate = lazyNamed(() => import('./documents/DocumentForm.js'), 'DocumentCreate');
export const DocumentEdit = lazyNamed(() => import('./documents/DocumentForm.js'), 'DocumentEdit');
export const ContractorPage = lazyNamed(() => import('./contractor/ContractorPage.js'), 'ContractorPage');
export const ProjectList = lazyNamed(() => import('./projects/ProjectList.js'), 'ProjectList');
export const ProjectShow = lazyNamed(() => import('./projects/ProjectShow.js'), 'ProjectShow');
export const ProjectCreate = lazyNamed(
  withTexts(['setups'], () => import('./projects/ProjectForm.js')),
  'ProjectCreate',
);
export const ProjectEdit = lazyNamed(
  withTexts(['setups'], () => import('./projects/ProjectForm.js')),
  'ProjectEdit',
);
export const TenderBoardPage = lazyNamed(() => import('./tendering/TenderBoardPage.js'), 'TenderBoardPage');
export const ReceivedTendersPage = lazyNamed(() => import('./tendering/ReceivedTendersPage.js'), 'ReceivedTendersPage');
export const TenderersPage = lazyNamed(() => import('./tendering/TenderersPage.js'), 'TenderersPage');
export const QuotationPage = lazyNamed(() => import('./tendering/QuotationPage.js'), 'QuotationPage');
// Inventory: the projects, site locations and each project's stock pages, with their texts.
const inventoryPages = withTexts(['inventory'], () => import('./inventory/InventoryPages.js'));
export const InventoryHomePage = lazyNamed(inventoryPages, 'InventoryHomePage');
export const SiteLocationsPage = lazyNamed(inventoryPages, 'SiteLocationsPage');
export const InventoryProjectPage = lazyNamed(inventoryPages, 'InventoryProjectPage');
export const CatalogueItemsPage = lazyNamed(() => import('./catalogue-items/CatalogueItemsPage.js'), 'CatalogueItemsPage');
export const DataImportPage = lazyNamed(() => import('./data-import/DataImportPage.js'), 'DataImportPage');
// The charts library comes with the reports page only (first-load.spec.ts keeps it out of the frame).
export const ReportPage = lazyNamed(
  withTexts(['reports'], () => import('./reports/ReportPage.js')),
  'ReportPage',
);
// Vendor appraisals (vendor-management/, apps/api/src/vendor-appraisals/README.md).
export const VendorAppraisalsPage = lazyNamed(
  withTexts(['vendors'], () => import('./vendor-management/VendorAppraisalsPage.js')),
  'VendorAppraisalsPage',
);
export const AppraiseVendorPage = lazyNamed(
  withTexts(['vendors'], () => import('./vendor-management/AppraiseVendorPage.js')),
  'AppraiseVendorPage',
);
export const VendorAppraisalShowPage = lazyNamed(
  withTexts(['vendors'], () => import('./vendor-management/VendorAppraisalShowPage.js')),
  'VendorAppraisalShowPage',
);

// The signed-in area: react-admin over the real API. app.tsx (the router) lazy-loads this for every path
// that is not public. The documents area is generated from the workflow catalogue (GET /api/workflows);
// the menu and every page follow the access rights and the company's approval (access/modules.ts).
import { useEffect, useMemo, useState } from 'react';
import { CustomRoutes, I18nContextProvider, Notification, type I18nProvider } from 'react-admin';
import { matchPath, Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { NotFoundPage } from '../shared/pages/NotFoundPage.js';
import { PageLoading } from '../shared/pages/PageLoading.js';
import { useSession } from '../shared/session/session-store.js';
import { AccessProvider, Guard } from './access/access-context.js';
import { accessContext, MODULES } from './access/modules.js';
import { AdminShell } from './AdminShell.js';
import { loadDocumentEntries } from './catalogue/catalogue.js';
import { listCompanies } from './company/choose-company.js';
import { setChosenCompany, useChosenCompany } from './company/company-state.js';
import { documentResource } from './documents/document-resources.js';
import { makeLayout } from './layout/AdminLayout.js';
import type { LoadFailure } from './layout/load-failure.js';
import { LoadFailed } from './layout/LoadFailed.js';
import { useLoaded } from './layout/use-loaded.js';
import {
  AuditPage,
  AuthorityPage,
  CompanyTermsPage,
  DelegationsPage,
  ConfigurationPage,
  SubscriptionPage,
  CouponsPage,
  BillingAdminPage,
  ManualPaymentsPage,
  SubscriptionsAdminPage,
  ProfitParametersPage,
  ProjectCategoriesPage,
  ProjectRegionsPage,
  QuestionnairesPage,
  VendorAppraisalsPage,
  AppraiseVendorPage,
  VendorAppraisalShowPage,
  UsersPage,
  CompanyUsersPage,
  RolesPage,
  ContractorPage,
  EventsRoutes,
  MyApprovalsPage,
  NonApprovedCompanyPage,
  ProjectCreate,
  ProjectEdit,
  ProjectList,
  ProjectShow,
  QuotationPage,
  ReceivedTendersPage,
  SelectCompanyPage,
  TenderBoardPage,
  TenderersPage,
} from './lazy-pages.js';
import { AdvertisementsPage, EmailLogPage, InquiriesPage } from './lazy-pages.js';
// The business network.
import { BusinessNetworkPage } from './lazy-pages.js';
import { ReportPage } from './lazy-pages.js';
import { InventoryHomePage, InventoryProjectPage, SiteLocationsPage } from './lazy-pages.js';
import {
  AddCompanyPage,
  CatalogueItemsPage,
  CompanyProfileTabsPage,
  DataImportPage,
  RegistrationQueuePage,
  RegistrationReviewPage,
} from './lazy-pages.js';
import { linkTargetRoutes } from './notifications/LinkTargetPage.js';
import { ArticlePage, CompanyProfilePage } from './pages/SimplePages.js';
import { authProvider } from './providers/auth-provider.js';
import { adminJson } from './providers/admin-request.js';
import { documentsDataProvider } from './providers/data-provider.js';
import { adminI18nProvider } from './providers/i18n-provider.js';
import { adminTheme } from './theme.js';

/** Open without a chosen company: the choice itself, and registering a company (a person with none starts there). */
const NO_COMPANY_PATHS = ['/select-company', '/administration/add-company'];
/**
 * The platform administrator's own pages, open without a chosen company: a platform admin need not belong to
 * any (the demo's does not) and acts for the platform, not a company: the users page, the registrations, the e-mail log, the inquiries,
 * the advertisements, the configuration, coupons and billing.
 */
const PLATFORM_ADMIN_PATHS = [
  '/admin/users',
  '/admin/company-registrations',
  '/admin/company-registrations/:id',
  '/admin/email-log',
  '/admin/inquiries',
  '/admin/advertisements',
  '/admin/configuration',
  '/admin/coupons',
  '/admin/billing',
  '/admin/manual-payments',
  '/admin/subscriptions',
  '/admin/reports',
  '/admin/login-activity',
];

/** Spec §2.6 target /bill-of-quantity/<projectId>/<status>: the project's BQ (its status shows there). */
function BqTargetRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/project/${encodeURIComponent(id)}/bill-of-quantity`} replace />;
}

/**
 * Toasts at the bottom right, no progress bar (spec §8.2). A toast is text only and can land on what the
 * person was about to press (on a phone it spans the screen's foot, where a form's submit button sits): a tap or
 * click on it goes through to the page beneath, and it leaves on its own time (a pointer resting on it would
 * otherwise hold it there). Its action buttons, where a toast has one, stay pressable. What a toast said
 * stays readable where it came from (the bell's list, the form's own messages).
 */
const TOAST_LETS_CLICKS_THROUGH = {
  pointerEvents: 'none',
  '& .MuiSnackbarContent-root': { pointerEvents: 'none' },
  '& .MuiSnackbarContent-action': { pointerEvents: 'auto' },
} as const;
const BottomRightNotification = () => (
  <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} sx={TOAST_LETS_CLICKS_THROUGH} />
);

/** A platform administrator's admin module rights (the menu shows the pages they open); null until read. */
function usePlatformAdminRights(token: string | undefined): readonly string[] | null {
  const [rights, setRights] = useState<readonly string[] | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    adminJson<{ rights: string[] }>('/api/admin/staff/me').then(
      (reply) => live && setRights(reply.rights),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  return rights;
}

function useStartup(token: string | undefined) {
  const [i18n, setI18n] = useState<I18nProvider | null>(null);
  useEffect(() => {
    void adminI18nProvider().then(setI18n);
  }, []);
  // Loaded once a session exists; a company switch (a new token) keeps it: the catalogue is the same for everyone.
  const catalogue = useLoaded(token ? loadDocumentEntries : null);
  return { i18n, documents: catalogue.data ?? null, catalogue };
}

/**
 * The document kinds make the menu, the document pages and their routes: without them the area would show no
 * documents and answer "page not found" for each, so it shows the failure and a way to ask again instead.
 */
function StartupFailed({ i18n, failure, onRetry }: { i18n: I18nProvider; failure: LoadFailure; onRetry: () => void }) {
  return (
    <I18nContextProvider value={i18n}>
      <Box component="main" sx={{ p: 2, mt: 4, mx: 'auto', maxWidth: 720 }}>
        <LoadFailed what={i18n.translate('admin.loadFailed.what.catalogue')} failure={failure} onRetry={onRetry} testId="startup-failed" />
      </Box>
    </I18nContextProvider>
  );
}

export default function AdminApp() {
  const session = useSession();
  const location = useLocation();
  const company = useChosenCompany();
  const { i18n, documents, catalogue } = useStartup(session?.jwtToken);
  const adminRights = usePlatformAdminRights(session?.userRole === 'ADMIN' ? session.jwtToken : undefined);
  const dataProvider = useMemo(() => documentsDataProvider(), []);
  const layout = useMemo(() => makeLayout(documents ?? []), [documents]);

  // A session from another tab or an older visit: the company's approval comes from the company list.
  useEffect(() => {
    if (!session?.selectedCompany || company?.companyId === session.selectedCompany) return;
    listCompanies().then(
      (list) => {
        const found = list.find((c) => c.companyProfileId === session.selectedCompany);
        setChosenCompany({
          companyId: session.selectedCompany!,
          name: session.selectedCompanyName ?? '',
          status: found?.status ?? 0,
          subscriptionType: session.subscriptionType ?? 0,
        });
      },
      () => undefined,
    );
  }, [session?.selectedCompany, session?.selectedCompanyName, session?.subscriptionType, company?.companyId]);

  if (!session) return <Navigate to="/auth/sign-in" replace />;
  const openWithoutCompany =
    NO_COMPANY_PATHS.includes(location.pathname) ||
    (session.userRole === 'ADMIN' && PLATFORM_ADMIN_PATHS.some((path) => matchPath(path, location.pathname)));
  if (!session.selectedCompany && !openWithoutCompany) return <Navigate to="/select-company" replace />;
  // The company choice and registration (and the platform administrator's pages) need no document kinds: they open
  // without them; after the choice, the landing page shows the failure and its "Try again".
  if (i18n && catalogue.failure && !openWithoutCompany)
    return <StartupFailed i18n={i18n} failure={catalogue.failure} onRetry={catalogue.reload} />;
  if (!i18n || (!documents && !catalogue.failure)) return <PageLoading />;

  const access = {
    ...accessContext(
      session.accessRights,
      company?.companyId === session.selectedCompany ? company?.status : undefined,
      session.subscriptionType,
      session.userRole,
    ),
    adminRights,
  };
  const guarded = (key: string, element: React.ReactNode) => <Guard module={key}>{element}</Guard>;
  return (
    <AccessProvider value={access}>
      <AdminShell
        title="Binaan"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18n}
        layout={layout}
        theme={adminTheme}
        notification={BottomRightNotification}
        catchAll={NotFoundPage}
      >
        {(documents ?? []).map((entry) => documentResource(entry))}
        <CustomRoutes noLayout>
          <Route path="/select-company" element={<SelectCompanyPage />} />
          <Route path="/auth/non-approved-company-login" element={<NonApprovedCompanyPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/article" element={<ArticlePage />} />
          <Route path="/article/view/:id" element={<ArticlePage />} />
          <Route path="/my-approvals" element={guarded('myApprovals', <MyApprovalsPage />)} />
          <Route path="/audit" element={guarded('audit', <AuditPage />)} />
          <Route path="/tendering/received" element={guarded('receivedTenders', <ReceivedTendersPage />)} />
          <Route path="/tendering/tenderers" element={guarded('approvedTenderers', <TenderersPage />)} />
          <Route path="/tendering/received/:tenderId" element={guarded('receivedTenders', <QuotationPage />)} />
          {/* An invited seller's addenda and query board (the api answers 404 to any other company). */}
          <Route path="/tendering/received/:tenderId/board" element={guarded('receivedTenders', <TenderBoardPage />)} />
          {/* /projects and /project alone (typed, or an old bookmark): the owner's projects, not "page not found". */}
          <Route path="/projects" element={<Navigate to="/project/demand" replace />} />
          <Route path="/project" element={<Navigate to="/project/demand" replace />} />
          <Route path="/project/:kind" element={guarded('projectsDeveloper', <ProjectList />)} />
          <Route path="/project/:kind/:tab" element={guarded('projectsDeveloper', <ProjectList />)} />
          <Route path="/project/:kind/create" element={guarded('projectsDeveloper', <ProjectCreate />)} />
          <Route path="/projects/:id" element={guarded('projectsDeveloper', <ProjectShow />)} />
          <Route path="/projects/:id/:tab" element={guarded('projectsDeveloper', <ProjectShow />)} />
          <Route path="/projects/:id/edit" element={guarded('projectsDeveloper', <ProjectEdit />)} />
          <Route path="/project/:id/bill-of-quantity" element={guarded('projectsDeveloper', <ProjectShow tab="bill-of-quantity" />)} />
          <Route path="/project/:id/tender-costing" element={guarded('projectsDeveloper', <ProjectShow tab="tender-costing" />)} />
          <Route path="/project/:id/build-up-master" element={guarded('projectsDeveloper', <ProjectShow tab="build-up-master" />)} />
          <Route
            path="/project/:id/bill-of-quantity-scan-list"
            element={guarded('projectsDeveloper', <ProjectShow tab="bill-of-quantity" scans />)}
          />
          <Route path="/bill-of-quantity/:id/*" element={guarded('projectsDeveloper', <BqTargetRedirect />)} />
          <Route path="/organizer/events/*" element={guarded('events', <EventsRoutes />)} />
          <Route path="/administration/company" element={guarded('companyProfile', <CompanyProfileTabsPage />)} />
          {/* Registering a company is open to every signed-in user (§4.8 keeps only its menu entry to approved companies and admins). */}
          <Route path="/administration/add-company" element={<AddCompanyPage />} />
          <Route path="/admin/company-registrations" element={guarded('companyRegistrations', <RegistrationQueuePage />)} />
          <Route path="/admin/company-registrations/:id" element={guarded('companyRegistrations', <RegistrationReviewPage />)} />
          <Route path="/administration/authority" element={guarded('authority', <AuthorityPage />)} />
          <Route path="/delegations" element={guarded('delegations', <DelegationsPage />)} />
          <Route path="/administration/subscription" element={guarded('subscription', <SubscriptionPage />)} />
          <Route path="/admin/configuration" element={guarded('platformConfiguration', <ConfigurationPage />)} />
          <Route path="/admin/coupons" element={guarded('coupons', <CouponsPage />)} />
          <Route path="/admin/subscriptions" element={guarded('subscriptionsAdmin', <SubscriptionsAdminPage />)} />
          <Route path="/admin/billing" element={guarded('billingAdmin', <BillingAdminPage />)} />
          <Route path="/admin/manual-payments" element={guarded('manualPayments', <ManualPaymentsPage />)} />
          <Route path="/administration/terms-and-agreements" element={guarded('termsAndAgreements', <CompanyTermsPage />)} />
          <Route path="/administration/project-categories" element={guarded('projectCategories', <ProjectCategoriesPage />)} />
          <Route path="/administration/project-regions" element={guarded('projectRegions', <ProjectRegionsPage />)} />
          <Route path="/administration/profit-parameters" element={guarded('profitParameters', <ProfitParametersPage />)} />
          <Route path="/administration/questionnaires" element={guarded('questionnaires', <QuestionnairesPage />)} />
          {/* Vendor appraisals (vendor-management/). */}
          <Route path="/vendor-management/my-vendor-appraisal" element={guarded('vendorAppraisals', <VendorAppraisalsPage />)} />
          <Route path="/vendor-management/my-vendor-appraisal/create" element={guarded('vendorAppraisals', <AppraiseVendorPage />)} />
          <Route path="/vendor-management/my-vendor-appraisal/:id" element={guarded('vendorAppraisals', <VendorAppraisalShowPage />)} />
          <Route path="/admin/users" element={guarded('platformUsers', <UsersPage />)} />
          {/* One page draws every report from the api's reply (reports/ReportPage.tsx, paths in reports/report-offer.ts); the key remounts it per report. */}
          <Route path="/reports/buyer" element={guarded('reportsBuyer', <ReportPage key="buyer" report="buyer" />)} />
          <Route path="/reports/seller" element={guarded('reportsSeller', <ReportPage key="seller" report="seller" />)} />
          <Route path="/reports/developer" element={guarded('reportsDeveloper', <ReportPage key="developer" report="developer" />)} />
          <Route path="/admin/reports" element={guarded('platformReport', <ReportPage key="platform" report="platform" />)} />
          <Route
            path="/admin/login-activity"
            element={guarded('loginActivity', <ReportPage key="loginActivity" report="loginActivity" />)}
          />
          <Route path="/admin/email-log" element={guarded('emailLog', <EmailLogPage />)} />
          <Route path="/admin/advertisements" element={guarded('advertisements', <AdvertisementsPage />)} />
          <Route path="/admin/inquiries" element={guarded('inquiries', <InquiriesPage />)} />
          <Route path="/administration/users" element={<Navigate to="/administration/users/active" replace />} />
          <Route path="/administration/users/:tab" element={guarded('users', <CompanyUsersPage />)} />
          <Route path="/administration/catalogue-items" element={guarded('catalogueItems', <CatalogueItemsPage />)} />
          <Route
            path="/administration/data-import/catalogue-items"
            element={guarded('catalogueImport', <DataImportPage target="catalogue-items" />)}
          />
          <Route path="/administration/data-import/users" element={guarded('usersImport', <DataImportPage target="users" />)} />
          <Route path="/administration/data-import/machinery" element={guarded('machineryImport', <DataImportPage target="machinery" />)} />
          <Route path="/administration/user-roles" element={guarded('userRoles', <RolesPage />)} />
          <Route path="/cidb-administration/company-profile" element={guarded('cidbCompanyProfile', <CompanyProfilePage contractor />)} />
          <Route path="/cidb-material/purchase-order" element={guarded('cidbMaterial', <Navigate to="/purchaseOrder" replace />)} />
          {MODULES.filter((m) => m.key.includes('.')).map((m) => (
            <Route key={m.key} path={`${m.path}/*`} element={guarded(m.key, <ContractorPage moduleKey={m.key} />)} />
          ))}
          {/* Inventory: before the link targets' /inventory/* (a more particular path wins). */}
          <Route path="/inventory" element={guarded('inventory', <InventoryHomePage />)} />
          <Route path="/inventory/site-locations" element={guarded('inventory', <SiteLocationsPage />)} />
          <Route path="/inventory/:projectId/:page" element={guarded('inventory', <InventoryProjectPage />)} />
          {/* The business network: its tabs, and the §2.6 targets (business-network/BusinessNetworkPage.tsx maps their slugs). */}
          <Route path="/business-network" element={<Navigate to="/business-network/partners" replace />} />
          <Route path="/business-network/:tab" element={guarded('businessNetwork', <BusinessNetworkPage />)} />
          <Route path="/business-network/seller/:tab" element={guarded('businessNetwork', <BusinessNetworkPage />)} />
          {linkTargetRoutes()}
        </CustomRoutes>
      </AdminShell>
    </AccessProvider>
  );
}

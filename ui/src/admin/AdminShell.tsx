// react-admin's <Admin>, less what this area never shows: <Admin> always imports its default login page
// (a react-hook-form form) and auth callback page, which would ride in the first load of the signed-in area
// although sign-in is a public page here (loginPage is false). Same parts otherwise: AdminContext (store,
// theme, providers) and CoreAdminUI with react-admin's error, loading, access-denied and authentication
// pages, the notification beside it (as AdminUI does).
import { createElement, type ComponentType, type ReactNode } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  Error as ErrorPage,
  LoadingPage,
  localStorageStore,
  type AuthProvider,
  type CatchAllComponent,
  type DataProvider,
  type I18nProvider,
  type LayoutComponent,
  type RaThemeOptions,
} from 'react-admin';
import { CssBaseline } from '@mui/material';

// One store for the page's life, as <Admin> keeps it (list filters and tabs per document kind).
const store = localStorageStore();

export type AdminShellProps = {
  title: string;
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  i18nProvider: I18nProvider;
  layout: LayoutComponent;
  theme: RaThemeOptions;
  notification: ComponentType;
  catchAll: CatchAllComponent;
  children: ReactNode;
};

export function AdminShell({
  title,
  dataProvider,
  authProvider,
  i18nProvider,
  layout,
  theme,
  notification,
  catchAll,
  children,
}: AdminShellProps) {
  return (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={theme} store={store}>
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title={title}
          layout={layout}
          catchAll={catchAll}
          error={ErrorPage}
          loading={LoadingPage}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
          loginPage={false}
          disableTelemetry
        >
          {children}
        </CoreAdminUI>
        {createElement(notification)}
      </CssBaseline>
    </AdminContext>
  );
}

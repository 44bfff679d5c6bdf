// Which paths belong to the signed-in area, so that app.tsx can tell an anonymous visitor's unknown path
// (the catch-all page of public-area.md §2: "Page not found", a link home, a sign-out link) from a page
// of the area that asks them to sign in first. Light on purpose: app.tsx imports it into the first bundle,
// and it must not pull react-admin in. Every route AdminApp.tsx mounts is listed here (signed-in-paths.test.ts
// reads AdminApp.tsx and fails on a path this list does not know).
import { DocumentResources } from '@binaan/contracts';
import { matchPath } from 'react-router-dom';
import { MODULES } from './access/modules.js';
import { LINK_TARGET_ROUTES } from './notifications/link-targets.js';

export const SIGNED_IN_PATTERNS: readonly string[] = [
  // react-admin's pages of each document kind: list, create, show, edit.
  ...DocumentResources.map((resource) => `/${resource}/*`),
  '/select-company',
  '/auth/non-approved-company-login',
  '/article/*',
  ...MODULES.map((module) => `${module.path}/*`),
  '/cidb-administration/*',
  '/cidb-material/*',
  ...LINK_TARGET_ROUTES,
  // Projects, the hub of the area: every project page lives under these.
  '/project/*',
  '/projects/*',
  // Spec §2.6 bill of quantity targets: /bill-of-quantity/<projectId>/<status>.
  '/bill-of-quantity/*',
];

export function isSignedInPath(pathname: string): boolean {
  return SIGNED_IN_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

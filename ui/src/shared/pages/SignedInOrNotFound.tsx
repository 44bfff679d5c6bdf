// What a path neither public route matches shows (main.tsx): the signed-in area when there is a session or
// the path is one of the area's pages (the area then asks an anonymous visitor to sign in first), else the
// public catch-all page. Decided before the area's bundle loads, so a mistyped link costs no react-admin.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isSignedInPath } from '../../admin/signed-in-paths.js';
import { useSession } from '../session/session-store.js';

export function SignedInOrNotFound({ area, notFound }: { area: ReactNode; notFound: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  return <>{session || isSignedInPath(pathname) ? area : notFound}</>;
}

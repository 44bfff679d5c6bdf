// What a path neither public route matches shows (app.tsx): the signed-in area when there is a session or
// the path is one of the area's pages (the area then asks an anonymous visitor to sign in first), else the
// public catch-all page. Decided before the area's bundle loads, so a mistyped link costs no react-admin.
// The list of the area's paths is loaded only for a visitor without a session: it reaches the workflow
// catalogue and the module table, which the landing's first script must not carry.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../session/session-store.js';
import { PageLoading } from './PageLoading.js';

export function SignedInOrNotFound({ area, notFound }: { area: ReactNode; notFound: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  const [known, setKnown] = useState<{ pathname: string; signedIn: boolean } | null>(null);
  useEffect(() => {
    if (session) return;
    let current = true;
    void import('../../admin/signed-in-paths.js').then(({ isSignedInPath }) => {
      if (current) setKnown({ pathname, signedIn: isSignedInPath(pathname) });
    });
    return () => void (current = false);
  }, [session, pathname]);
  if (session) return <>{area}</>;
  if (!known || known.pathname !== pathname) return <PageLoading />;
  return <>{known.signedIn ? area : notFound}</>;
}

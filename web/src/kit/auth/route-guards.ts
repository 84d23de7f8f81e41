import { safeReturnPath } from '@mc/contracts';
import { redirect, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { authDialog } from './auth-dialog';
import { sessions } from './session';
import { sessionReady, signOutEverywhere } from './session-load';
import { useSession } from './use-session';

/** The home page's query naming the signed-in page a signed-out visitor asked for (`/?next=/user/orders?order=12`). */
const NEXT_PARAM = 'next';

/**
 * `beforeLoad` of a signed-in page: signed out, the page goes home (spec 2.2), naming itself in `?next=` so that
 * signing in there returns to it (issue 26: a link of an order e-mail opens that order after the sign-in); signed in,
 * its loaders get the user's id (the key of the user's data in the cache).
 */
export async function requireSignedIn({ location }: { location?: { href: string } } = {}): Promise<{ userId: string }> {
  await sessionReady();
  const session = sessions.get();
  if (!session) {
    const next = location ? safeReturnPath(location.href) : '/';
    throw redirect({ to: '/', search: next === '/' ? {} : { [NEXT_PARAM]: next } });
  }
  return { userId: session.claims.sub };
}

/**
 * `beforeLoad` of the back offices (spec §2, §4 'Management access', §6): for signed-in managers (business owners
 * and admins). Signed out, the page goes home; a signed-in non-manager is signed out (here and on the server) and
 * sent home. Whether this manager may run this business is the services' to say.
 */
export async function requireManager(): Promise<{ userId: string; admin: boolean }> {
  await sessionReady();
  const session = sessions.get();
  if (!session) throw redirect({ to: '/' });
  if (session.claims.role !== 'business_owner' && session.claims.role !== 'admin') {
    void signOutEverywhere();
    throw redirect({ to: '/' });
  }
  return { userId: session.claims.sub, admin: session.claims.role === 'admin' };
}

/**
 * On the home page with `?next=`: a signed-out visitor is asked to sign in (the dialog opens once), and the page
 * asked for opens as soon as someone is signed in (by password, SMS code or Google, which returns here).
 */
export function useReturnAfterSignIn(): void {
  const raw = useLocation({ select: (location) => (location.pathname === '/' ? (location.search as Record<string, unknown>)[NEXT_PARAM] : undefined) });
  const next = typeof raw === 'string' ? safeReturnPath(raw) : '/';
  const signedIn = useSession() !== null;
  const navigate = useNavigate();
  useEffect(() => {
    if (next === '/') return;
    if (signedIn) {
      void navigate({ href: next, replace: true });
      return;
    }
    let live = true;
    void sessionReady().then(() => {
      if (live && !sessions.get() && authDialog.get() === null) authDialog.open('signIn');
    });
    return () => {
      live = false;
    };
  }, [next, signedIn, navigate]);
}

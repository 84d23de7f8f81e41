import { redirect } from '@tanstack/react-router';
import { sessions } from './session';

/**
 * `beforeLoad` of a signed-in page: signed out, the page goes home (spec 2.2); signed in, its loaders get the
 * user's id (the key of the user's data in the cache).
 */
export function requireSignedIn(): { userId: string } {
  const session = sessions.get();
  if (!session) throw redirect({ to: '/' });
  return { userId: session.claims.sub };
}

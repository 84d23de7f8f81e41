import { redirect } from '@tanstack/react-router';
import { sessions } from './session';
import { sessionReady } from './session-load';

/**
 * `beforeLoad` of a signed-in page: signed out, the page goes home (spec 2.2); signed in, its loaders get the
 * user's id (the key of the user's data in the cache).
 */
export async function requireSignedIn(): Promise<{ userId: string }> {
  await sessionReady();
  const session = sessions.get();
  if (!session) throw redirect({ to: '/' });
  return { userId: session.claims.sub };
}

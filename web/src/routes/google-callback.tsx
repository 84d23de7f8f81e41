import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { GOOGLE_CALLBACK_PATH } from '@mc/contracts';
import { rootRoute } from './root';

/** The query exactly as Google sent it (the router's own parsing would turn a numeric-looking value into a number). */
export const googleCallbackQuery = (searchStr: string) => {
  const query = new URLSearchParams(searchStr);
  return { code: query.get('code') ?? '', state: query.get('state') ?? '' };
};

/** Spec 2.2: where Google sends the browser back; without a query code it goes to /. */
export const googleCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: GOOGLE_CALLBACK_PATH,
  beforeLoad: ({ location }) => {
    if (!googleCallbackQuery(location.searchStr).code) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('./google-callback.page'), 'GoogleCallbackPage'),
});

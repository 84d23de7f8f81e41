import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { GOOGLE_CALLBACK_PATH } from '@mc/contracts';
import { googleCallbackQuery } from '../../kit/auth/google-sign-in';
import { rootRoute } from '../../kit/router/root-route';

/** Spec 2.2: where Google sends the browser back; without a query code it goes to /. */
export const googleCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: GOOGLE_CALLBACK_PATH,
  beforeLoad: ({ location }) => {
    if (!googleCallbackQuery(location.searchStr).code) throw redirect({ to: '/', replace: true });
  },
  component: lazyRouteComponent(() => import('./google-callback.page'), 'GoogleCallbackPage'),
});

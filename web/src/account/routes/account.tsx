import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from '../../kit/auth/route-guards';
import { userInfoQuery } from '../../kit/auth/user-info';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

// The pages load on first visit: their forms (react-hook-form, class-validator) stay out of every page's first load.
const page = (name: 'VerifyEmailPage' | 'ResetPasswordPage' | 'UserPage') => lazyRouteComponent(() => import('./account-pages'), name);

/** Spec 2.2: these routes need a query token, otherwise they go to /. */
const tokenSearch = (raw: Record<string, unknown>) => ({ token: typeof raw.token === 'string' && raw.token ? raw.token : undefined });

export const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify-email',
  validateSearch: tokenSearch,
  component: page('VerifyEmailPage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: page('ResetPasswordPage'),
});

export const userRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user',
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadMain(context, userInfoQuery(context.userId)),
  component: page('UserPage'),
});

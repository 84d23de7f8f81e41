import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { favoritesQuery } from '../auth/favorites-query';
import { requireSignedIn } from '../auth/route-guards';
import { userInfoQuery } from '../auth/user-info';
import { loadMain } from '../queries/route-data';
import { rootRoute } from './root';

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

export const favoritesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/favorites',
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadMain(context, favoritesQuery(context.userId)),
  component: lazyRouteComponent(() => import('./favorites.page'), 'FavoritesPage'),
});

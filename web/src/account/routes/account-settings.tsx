import { EMAIL_PATTERN, PHONE_PATTERN } from '@mc/contracts';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from '../../kit/auth/route-guards';
import { userInfoQuery } from '../../kit/auth/user-info';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

const page = (name: 'SettingsPage' | 'UnsubscribePage') => lazyRouteComponent(() => import('./settings-pages'), name);

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/settings',
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadMain(context, userInfoQuery(context.userId)),
  component: page('SettingsPage'),
});

export const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/unsubscribe',
  validateSearch: (raw: Record<string, unknown>) => ({
    email: typeof raw.email === 'string' && EMAIL_PATTERN.test(raw.email) ? raw.email : undefined,
    phone: typeof raw.phone === 'string' && PHONE_PATTERN.test(raw.phone) ? raw.phone : undefined,
    // The signature of the e-mailed link (without it, only the signed-in owner of the address may unsubscribe).
    sig: typeof raw.sig === 'string' && /^[\w-]{1,200}$/.test(raw.sig) ? raw.sig : undefined,
  }),
  component: page('UnsubscribePage'),
});

import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from '../../kit/auth/route-guards';
import { alertsQuery } from '../../kit/queries/alerts';
import { loadMain } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';

const page = (name: 'UserAlertsPage' | 'AlertUnsubscribePage') => lazyRouteComponent(() => import('./alerts.page'), name);

/** /user/alerts: the signed-in patient's price and stock alerts (issue 31), each with its remove button. */
export const userAlertsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user/alerts',
  beforeLoad: requireSignedIn,
  loader: ({ context }) => loadMain(context, alertsQuery(context.userId)),
  component: page('UserAlertsPage'),
});

/**
 * /alerts/unsubscribe?token=…: the link of an alert's e-mail (no sign-in). The token is sent only when the button is
 * pressed, never as the page opens: a mail scanner that opens links removes nothing.
 */
export const alertUnsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/alerts/unsubscribe',
  validateSearch: (raw: Record<string, unknown>): { token?: string } => ({
    token: typeof raw.token === 'string' && raw.token.length <= 200 ? raw.token : undefined,
  }),
  component: page('AlertUnsubscribePage'),
});

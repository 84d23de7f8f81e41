import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../kit/router/root-route';

// The pages and their text load on first visit.
const page = (name: 'AccessibilityPage' | 'PrivacyPolicyPage' | 'TermsOfUsePage') => lazyRouteComponent(() => import('./legal.page'), name);

export const accessibilityRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accessibility',
  component: page('AccessibilityPage'),
});

export const privacyPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy-policy',
  component: page('PrivacyPolicyPage'),
});

export const termsOfUseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms-of-use',
  component: page('TermsOfUsePage'),
});

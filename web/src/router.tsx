import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { homeRoute } from './storefront/routes/home';
import { searchRoute } from './storefront/routes/search';
import { productRoute } from './storefront/routes/product';
import { productsRoute } from './storefront/routes/products';
import { discountsRoute } from './storefront/routes/discounts';
import { tagRoute } from './storefront/routes/tag';
import { rootRoute } from './app/root';
import { pharmsRoute } from './storefront/routes/pharms';
import { pharmEmbedRoute, pharmRoute } from './storefront/routes/pharm';
import { pharmProductRoute } from './storefront/routes/pharm-product';
import { faqRoute } from './storefront/routes/faq';
import { socialRoute } from './storefront/routes/social';
import { cartRoute } from './cart/routes/cart';
import { orderRoute } from './cart/routes/order';
import { resetPasswordRoute, userRoute, verifyEmailRoute } from './account/routes/account';
import { favoritesRoute } from './storefront/routes/favorites';
import { googleCallbackRoute } from './account/routes/google-callback';
import { orderCompletedRoute, userOrdersRoute } from './account/routes/account-orders';
import { settingsRoute, unsubscribeRoute } from './account/routes/account-settings';
import { alertUnsubscribeRoute, userAlertsRoute } from './account/routes/alerts';
import { accessibilityRoute, privacyPolicyRoute, termsOfUseRoute } from './storefront/routes/legal';
import { businessRouteTree } from './business/routes/business';
import { manageRouteTree } from './manage/routes/manage';
import { NotFoundPage } from './kit/ui/NotFoundPage';
import { RouteErrorPage } from './kit/ui/ErrorPage';
import { RoutePending } from './kit/ui/RouteStates';

export const routeTree = rootRoute.addChildren([homeRoute, productsRoute, productRoute, discountsRoute, tagRoute,
  pharmsRoute, pharmRoute, pharmEmbedRoute, pharmProductRoute,
  faqRoute, socialRoute, accessibilityRoute, privacyPolicyRoute, termsOfUseRoute,
  searchRoute, cartRoute, orderRoute, verifyEmailRoute, resetPasswordRoute, googleCallbackRoute, userRoute, settingsRoute, unsubscribeRoute, favoritesRoute,
  orderCompletedRoute, userOrdersRoute, userAlertsRoute, alertUnsubscribeRoute, businessRouteTree, manageRouteTree,
]);

/**
 * `history` is the browser's unless given (the server render passes the requested URL's). A page's loaders fill
 * the query cache; while they run, after an error and for data the API did not find, the route draws the
 * router's default screens unless it has its own.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient, server: history !== undefined },
    defaultPreload: false,
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: () => <NotFoundPage />,
    // The browser restores scroll positions. On the server it would add an inline script, which stops the
    // parser until every stylesheet has loaded (and so delays the first paint).
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { homeRoute } from './routes/home';
import { searchRoute } from './routes/search';
import { productRoute } from './routes/product';
import { productsRoute } from './routes/products';
import { discountsRoute } from './routes/discounts';
import { tagRoute } from './routes/tag';
import { rootRoute } from './routes/root';
import { pharmsRoute } from './routes/pharms';
import { pharmEmbedRoute, pharmRoute } from './routes/pharm';
import { pharmProductRoute } from './routes/pharm-product';
import { faqRoute } from './routes/faq';
import { socialRoute } from './routes/social';
import { cartRoute } from './routes/cart';
import { orderRoute } from './routes/order';
import { favoritesRoute, resetPasswordRoute, userRoute, verifyEmailRoute } from './routes/account';
import { googleCallbackRoute } from './routes/google-callback';
import { orderCompletedRoute, userOrdersRoute } from './routes/account-orders';
import { settingsRoute, unsubscribeRoute } from './routes/account-settings';
import { accessibilityRoute, privacyPolicyRoute, termsOfUseRoute } from './routes/legal';
import { businessRouteTree } from './routes/business';
import { NotFoundPage } from './components/NotFoundPage';
import { RouteErrorPage } from './components/ErrorPage';
import { RoutePending } from './components/RouteStates';

export const routeTree = rootRoute.addChildren([homeRoute, productsRoute, productRoute, discountsRoute, tagRoute,
  pharmsRoute, pharmRoute, pharmEmbedRoute, pharmProductRoute,
  faqRoute, socialRoute, accessibilityRoute, privacyPolicyRoute, termsOfUseRoute,
  searchRoute, cartRoute, orderRoute, verifyEmailRoute, resetPasswordRoute, googleCallbackRoute, userRoute, settingsRoute, unsubscribeRoute, favoritesRoute,
  orderCompletedRoute, userOrdersRoute, businessRouteTree,
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

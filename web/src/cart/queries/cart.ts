import type { CookieCartItem, Quote, ResolvedCart } from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../kit/api/client';

/** Spec 7: cart calls retry up to 3 times, except on 400 and 401. */
const retryCartCall = (failures: number, error: Error) =>
  failures < 3 && !(isApiError(error) && (error.status === 400 || error.status === 401));

/**
 * `POST /api/cart/resolve`: the offers behind the cart. Keyed by the products alone, so changing an
 * amount does not fetch again (the page shows the stored amounts).
 */
export function resolveCartQuery(items: readonly CookieCartItem[]) {
  const ids = items.map((item) => item.pharmProductId).sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['cart', 'resolve', ids] as const,
    queryFn: ({ signal }) => apiFetch<ResolvedCart>('/cart/resolve', { method: 'POST', body: JSON.stringify({ cartItems: items }), signal }),
    retry: retryCartCall,
    placeholderData: keepPreviousData,
  });
}

/**
 * The cart's figures, from the same quote checkout charges by (the pharmacies' automatic discounts included), every
 * pharmacy priced for pickup: with coupons applied, the signed-in patient's quote (`POST /api/checkout/quote`, which
 * judges the coupons for them); otherwise anyone's (`POST /api/cart/quote`, the items in the request).
 */
export function cartQuoteQuery(items: readonly CookieCartItem[], couponCodes: readonly string[], pharmSlugs: readonly string[]) {
  const post = (path: string, body: unknown, signal: AbortSignal) => apiFetch<Quote>(path, { method: 'POST', body: JSON.stringify(body), signal });
  return queryOptions({
    queryKey: ['cart', 'quote', items.map((i) => [i.pharmProductId, i.amount]), couponCodes, pharmSlugs] as const,
    queryFn: ({ signal }) => (couponCodes.length
      ? post('/checkout/quote', { couponCodes, selectedPickup: pharmSlugs }, signal)
      : post('/cart/quote', { cartItems: items }, signal)),
    retry: retryCartCall,
    placeholderData: keepPreviousData,
  });
}

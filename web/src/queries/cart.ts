import type { CookieCartItem, ResolvedCart } from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../api/client';

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

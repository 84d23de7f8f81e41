import type { CookieCartItem } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../kit/auth/use-session';
import { couponsEnabled } from '../../kit/lib/features';
import { useAppliedCoupons } from './coupons';
import { cartQuoteQuery } from './cart';

/**
 * The cart's quote (see `cartQuoteQuery`): the coupons only for a signed-in patient (they are theirs), every pharmacy
 * picked up (shipping is chosen at checkout).
 */
export function useCartQuote(items: readonly CookieCartItem[], pharmSlugs: string[], enabled = true) {
  const signedIn = useSession() !== null;
  const coupons = useAppliedCoupons();
  const couponCodes = signedIn && couponsEnabled() ? coupons.map((c) => c.code) : [];
  return useQuery({ ...cartQuoteQuery(items, couponCodes, pharmSlugs), enabled: enabled && items.length > 0 && pharmSlugs.length > 0 });
}

import type { CheckoutDetailsDto } from '@mc/contracts';
import type { CartStore } from '../../kit/cart/cart-store';
import { track } from '../../kit/lib/analytics';
import { createOrder, LAST_ORDER_BATCH_KEY, type QuoteRequest } from './checkout-api';
import { appliedCoupons } from './coupons';

/**
 * Places the order of the checkout's details and choices with the cart locked, then shows the server's cart
 * again (it dropped the ordered lines), remembers the batch for the completed page, forgets the coupons and
 * counts the purchase. Answers the batch's uid.
 */
export async function placeOrder(store: CartStore, values: CheckoutDetailsDto, request: QuoteRequest): Promise<string> {
  const batch = await store.whileLocked(async (locked) => {
    const placed = await createOrder(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        agreeTOU: values.agreeTOU,
        agreeDisclaimer: values.agreeDisclaimer,
        pharmNotes: values.pharmNotes,
      },
      values.idNumber.trim(),
      request,
    );
    // The server dropped the ordered lines: the cart shown is the server's again.
    await locked.reload().catch(() => locked.replace([]));
    return placed;
  });
  try {
    sessionStorage.setItem(LAST_ORDER_BATCH_KEY, batch.uid);
  } catch {
    // Storage refused: the address names the batch all the same.
  }
  appliedCoupons.clear();
  track('purchase');
  return batch.uid;
}

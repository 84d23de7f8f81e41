import { Messages, type CheckoutPublicKey, type CouponValidation, type OrdersBatch, type Quote } from '@mc/contracts';
import { apiFetch, isApiError } from '../../kit/api/client';
import { encryptIdNumber } from './encrypt';

/** Where /order leaves the placed batch's uid for /order/completed (one constant, the reading page's). */
export { LAST_ORDER_BATCH_KEY } from '../../kit/queries/orders';

/** Spec 3's quote request: coupons, the pharmacies picked up from, and where the others are delivered. */
export interface QuoteRequest {
  couponCodes: string[];
  selectedPickup: string[];
  shippingAddress?:
    | { addressId: number }
    | { address: string; houseNumber: string; floor?: number; apartment?: number };
}

/** The personal details of checkout as the server takes them (the ID number is not among them: only its ciphertext). */
export interface OrderDetails {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  agreeTOU: boolean;
  agreeDisclaimer: boolean;
  /** Each pharmacy's own notes, for its order alone. */
  pharmNotes?: { pharmSlug: string; notes?: string }[];
}

const post = <T,>(path: string, body: unknown, signal?: AbortSignal) => apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body), signal });

/** `POST /api/checkout/coupon`: the coupon's status (and, when known, its pharmacy and discount). */
export const validateCoupon = (couponCode: string) => post<CouponValidation>('/checkout/coupon', { couponCode });

/** `POST /api/checkout/quote`: the signed-in user's server cart priced with the coupons and the shipment choices. */
export const fetchQuote = (request: QuoteRequest, signal?: AbortSignal) => post<Quote>('/checkout/quote', request, signal);

/** Spec 8: an answer whose message starts with 'בוצעה הזמנה זהה' is the identical-order case, not an error view. */
export const isIdenticalOrder = (error: unknown): boolean => isApiError(error) && error.message.startsWith(Messages.identicalOrder);

/**
 * `POST /api/orders`: fetches the order service's public key, encrypts the ID number with it in the browser, and
 * sends the order with the ciphertext only (the ID number itself never goes into the request).
 */
export async function createOrder(details: OrderDetails, idNumber: string, selection: QuoteRequest): Promise<OrdersBatch> {
  const key = await apiFetch<CheckoutPublicKey>('/checkout/public-key');
  const encryptedPii = await encryptIdNumber(key, idNumber);
  const { firstName, lastName, phone, email, agreeTOU, agreeDisclaimer } = details;
  const pharmNotes = (details.pharmNotes ?? []).filter((n) => n.notes?.trim());
  return post<OrdersBatch>('/orders', {
    firstName, lastName, phone, email, agreeTOU, agreeDisclaimer,
    ...(pharmNotes.length ? { pharmNotes } : {}),
    ...selection,
    encryptedPii,
  });
}

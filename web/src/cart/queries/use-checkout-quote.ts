import { Messages, type AddressDto, type CookieCartItem, type Quote } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { cartLines } from '../../kit/cart/cart-lines';
import { useDebouncedValue } from '../../kit/lib/use-debounced-value';
import { quoteRequest, type AddressChoice, type CheckoutPharm, type ShipmentChoice } from '../components/ShipmentStep';
import { fetchQuote, isIdenticalOrder, type QuoteRequest } from './checkout-api';
import { useAppliedCoupons } from './coupons';
import { useCartQuote } from './use-cart-quote';

/** The quote is asked once the choices have stayed the same this long (quick clicks make one request). */
const QUOTE_DEBOUNCE_MS = 400;

export type CheckoutFailure = { kind: 'identical' } | { kind: 'error'; message: string };

/**
 * The checkout's quote of the choices made (asked once they have settled, while the form is open), and until
 * every pharmacy's shipment is chosen the cart's own quote (pickup, the applied coupons): the figures to show.
 */
export function useCheckoutQuote({ lines, items, pharms, choices, address, newAddress, open }: {
  lines: ReturnType<typeof cartLines>;
  items: readonly CookieCartItem[];
  pharms: CheckoutPharm[];
  choices: Record<string, ShipmentChoice>;
  address: AddressChoice;
  newAddress: Partial<AddressDto>;
  /** The form is still being filled (not placing, not placed). */
  open: boolean;
}) {
  const couponCodes = useAppliedCoupons().map((c) => c.code);
  const request = quoteRequest(pharms, choices, address, newAddress, couponCodes);
  const requestKey = request ? JSON.stringify(request) : null;
  const settledKey = useDebouncedValue(requestKey, QUOTE_DEBOUNCE_MS);
  const quote = useQuery({
    queryKey: ['checkout', 'quote', settledKey, lines.map((l) => `${l.pharmProductId}:${l.amount}`).join(',')] as const,
    queryFn: ({ signal }) => fetchQuote(JSON.parse(settledKey!) as QuoteRequest, signal),
    enabled: settledKey !== null && settledKey === requestKey && open,
    placeholderData: keepPreviousData,
  });
  const current: Quote | undefined = settledKey === requestKey && !quote.isPlaceholderData ? quote.data : undefined;
  const cartQuote = useCartQuote(items, pharms.map((p) => p.slug), !current && open);
  const rejected = current?.pharmsQuotes.some((q) => !q.pickup && q.shipping.status === 'rejected') ?? false;
  const failure: CheckoutFailure | null = quote.isError && settledKey === requestKey
    ? isIdenticalOrder(quote.error) ? { kind: 'identical' } : { kind: 'error', message: quote.error.message || Messages.generic }
    : null;
  return {
    request,
    current,
    /** The quote to show: the checkout's, or the cart's meanwhile. */
    shown: current ?? cartQuote.data,
    rejected,
    quoting: requestKey !== null && (settledKey !== requestKey || quote.isFetching),
    failure,
    retry: () => void quote.refetch(),
  };
}

import type {
  CheckoutOffer, CheckoutOffers, CheckoutPharm, CookieCartItem, MinPricing, PharmQuote, PharmShippingQuote, Quote, ShippingQuoteResponse,
} from '@mc/contracts';
import { agorotToShekels } from '@mc/contracts';

/**
 * The pure part of spec 3's quote: the cart's lines with their offers, grouped by pharmacy in the order the pharmacies
 * first appear in the cart, totalled in agorot, with each pharmacy's shipping; and the same in shekels for the answer.
 */

export interface PricedLine {
  offer: CheckoutOffer;
  amount: number;
}

export interface PricedPharm {
  pharm: CheckoutPharm;
  pickup: boolean;
  lines: PricedLine[];
  itemsCount: number;
  /** After discounts (agorot). */
  itemsTotal: number;
  /** Before discounts (agorot). */
  listTotal: number;
  discountsTotal: number;
  /** The discounts that lowered a price of this pharmacy's lines. */
  discounts: { code: string; name: string }[];
}

export interface PricedCart {
  pharms: PricedPharm[];
  /** Lines whose offer is gone, unpublished or out of stock. */
  unavailable: number[];
}

/** Whether an offer can be ordered now. */
export const isOrderable = (offer: CheckoutOffer | undefined): offer is CheckoutOffer =>
  !!offer && offer.published && (offer.inStock || offer.alwaysInStock);

export function priceCart(items: readonly CookieCartItem[], offers: CheckoutOffers, pickup: readonly string[]): PricedCart {
  const byId = new Map(offers.offers.map((o) => [o.pharmProductId, o]));
  const pharmsBySlug = new Map(offers.pharms.map((p) => [p.slug, p]));
  const names = new Map(offers.discounts.map((d) => [`${d.pharmSlug}\n${d.code}`, d.name]));
  const pharms = new Map<string, PricedPharm>();
  const unavailable: number[] = [];
  for (const item of items) {
    const offer = byId.get(item.pharmProductId);
    if (!isOrderable(offer)) {
      unavailable.push(item.pharmProductId);
      continue;
    }
    let priced = pharms.get(offer.pharmSlug);
    if (!priced) {
      const pharm = pharmsBySlug.get(offer.pharmSlug) ?? { slug: offer.pharmSlug, name: offer.pharmSlug, phone: null, address: null, city: null, orderEmail: null };
      priced = { pharm, pickup: pickup.includes(offer.pharmSlug), lines: [], itemsCount: 0, itemsTotal: 0, listTotal: 0, discountsTotal: 0, discounts: [] };
      pharms.set(offer.pharmSlug, priced);
    }
    priced.lines.push({ offer, amount: item.amount });
    priced.itemsCount += item.amount;
    priced.itemsTotal += offer.price * item.amount;
    priced.listTotal += offer.listPrice * item.amount;
    priced.discountsTotal = priced.listTotal - priced.itemsTotal;
    for (const code of offer.discountCodes) {
      if (!priced.discounts.some((d) => d.code === code)) priced.discounts.push({ code, name: names.get(`${offer.pharmSlug}\n${code}`) ?? code });
    }
  }
  return { pharms: [...pharms.values()], unavailable };
}

/** One pharmacy's shipping in agorot, as the order keeps it. */
export interface PharmShipping {
  status: 'matched' | 'rejected';
  price: number;
  rejectCode?: PharmShippingQuote['rejectCode'];
  minPricing?: MinPricing;
  shipmentId: number | null;
}

/**
 * Each pharmacy's shipping: pickup is matched and free; a delivered one is what shipping-quote answered for it,
 * or 'Error' when shipping-quote could not answer (null) or left it out.
 */
export function shippingOf(pharms: readonly PricedPharm[], answer: ShippingQuoteResponse | null): PharmShipping[] {
  return pharms.map((p) => {
    if (p.pickup) return { status: 'matched', price: 0, shipmentId: null };
    const q = answer?.quotes.find((x) => x.pharmSlug === p.pharm.slug);
    if (!q) return { status: 'rejected', price: 0, rejectCode: 'Error', shipmentId: null };
    if (q.status === 'matched') return { status: 'matched', price: q.price, shipmentId: q.shipmentId ?? null };
    return { status: 'rejected', price: 0, rejectCode: q.rejectCode ?? 'Error', minPricing: q.minPricing, shipmentId: null };
  });
}


/** Spec 3's quote (shekels) of a priced cart and its shipping. */
export function toQuote(pharms: readonly PricedPharm[], shipping: readonly PharmShipping[], couponCodes: string[]): Quote {
  const pharmsQuotes: PharmQuote[] = pharms.map((p, i) => {
    const s = shipping[i];
    const quote: PharmShippingQuote = { status: s.status, price: agorotToShekels(s.price) };
    if (s.status === 'rejected') {
      quote.rejectCode = s.rejectCode;
      quote.rejectPayload = { pharmName: p.pharm.name };
      if (s.minPricing) {
        quote.rejectPayload.minPricing = {
          quantityType: s.minPricing.quantityType,
          quantity: s.minPricing.quantityType === 'min-total-price' ? agorotToShekels(s.minPricing.quantity) : s.minPricing.quantity,
        };
      }
    }
    return {
      pharmSlug: p.pharm.slug,
      pharmName: p.pharm.name,
      pickup: p.pickup,
      itemsCount: p.itemsCount,
      totalPrice: agorotToShekels(p.itemsTotal + s.price),
      totalOriginalPrice: agorotToShekels(p.listTotal),
      totalDiscounts: agorotToShekels(p.discountsTotal),
      shipping: quote,
    };
  });
  const sum = (f: (p: PricedPharm, i: number) => number) => pharms.reduce((acc, p, i) => acc + f(p, i), 0);
  const shippingTotal = sum((_p, i) => shipping[i].price);
  return {
    pharmsCount: pharms.length,
    cart: { itemsCount: sum((p) => p.itemsCount), totalDiscounts: agorotToShekels(sum((p) => p.discountsTotal)), totalOriginalPrice: agorotToShekels(sum((p) => p.listTotal)) },
    shipping: { price: agorotToShekels(shippingTotal) },
    totalPrice: agorotToShekels(sum((p) => p.itemsTotal) + shippingTotal),
    couponCodes,
    pharmsQuotes,
  };
}

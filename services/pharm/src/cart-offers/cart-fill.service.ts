import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, CART_ALTERNATIVES_SHOWN, discountedUnitPrice, distanceKm, roundKm, Subjects,
  type Address, type CartAlternatives, type CartAlternativesSort, type CartFillOption, type CookieCartItem, type DiscountTerms, type GeoPoint,
  type ShippingQuoteResponse,
} from '@mc/contracts';
import { BusClient, Clock, LOGGER, type Caller } from '@mc/kit';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { OfferIndex } from '../offers/offer-index';
import { CartOffersReader } from './cart-offers.reader';
import { fillings, linesTotal, type Filling } from './cart-fill.rules';

/** The other services are asked within this; past it the cart is priced for pickup (the answer must stay quick). */
export const CART_FILL_LOOKUP_TIMEOUT_MS = 3000;

type Quote = ShippingQuoteResponse['quotes'][number];

/**
 * "One pharmacy fills the whole cart": the pharmacies selling every line (see `fillings`) at checkout's prices (after
 * the pharmacy's discounts), each priced with delivery
 * to the signed-in caller's default address where the pharmacy ships and shipping-quote matches it (its rules, as at
 * checkout), else for pickup; cheapest total first, or nearest first to the patient's location.
 */
@Injectable()
export class CartFillService {
  constructor(
    @Inject(OfferIndex) private readonly index: OfferIndex,
    @Inject(CartOffersReader) private readonly checkout: CartOffersReader,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async alternatives(caller: Caller | null, items: CookieCartItem[], asked: { location?: GeoPoint; sortBy: CartAlternativesSort }): Promise<CartAlternatives> {
    const found = await this.atCheckoutPrices(fillings(await this.index.current(), items, this.clock.now().getTime()));
    const address = found.length && caller ? await this.defaultAddress(caller) : null;
    const quotes = address ? await this.shipping(caller!, address, found.filter(ships)) : new Map<string, Quote>();
    const cheapest = (a: CartFillOption, b: CartFillOption) => a.total - b.total || a.itemsTotal - b.itemsTotal || a.pharm.name.localeCompare(b.pharm.name, 'he');
    const nearest = (a: CartFillOption, b: CartFillOption) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity) || cheapest(a, b);
    const options = found
      .map((filling) => toOption(filling, quotes.get(filling.pharm.record!.slug), asked.location))
      .sort(asked.sortBy === 'nearby' && asked.location ? nearest : cheapest);
    return { shipTo: address ? 'default-address' : 'pickup', options: options.slice(0, CART_ALTERNATIVES_SHOWN) };
  }

  /** The fillings priced as checkout prices them: each offer after its pharmacy's discounts (coupons are the patient's to add there). */
  private async atCheckoutPrices(found: Filling[]): Promise<Filling[]> {
    if (!found.length) return found;
    const termsOf = new Map<number, DiscountTerms[]>();
    const pharmIds = [...new Set(found.map((f) => f.pharm.id))];
    for (const { pharmId, terms } of await this.checkout.discounts(sql`(SELECT unnest(${sql.param(pharmIds)}::int[]))`)) {
      termsOf.set(pharmId, [...(termsOf.get(pharmId) ?? []), terms]);
    }
    return found.map((filling) => {
      const terms = termsOf.get(filling.pharm.id) ?? [];
      const picks = filling.picks.map((pick) => ({ ...pick, unitPrice: discountedUnitPrice(pick.offer.price, pick.offer.id, terms).price }));
      return { ...filling, picks, itemsTotal: linesTotal(picks) };
    });
  }

  /** The caller's default address, or null (none saved, or identity not answering: then everyone is priced for pickup). */
  private async defaultAddress(caller: Caller): Promise<Address | null> {
    try {
      const { addresses } = await this.bus.request(Subjects.identity.addressList, {}, { caller, timeoutMs: CART_FILL_LOOKUP_TIMEOUT_MS });
      return addresses.find((a) => a.isDefault) ?? null;
    } catch (err) {
      this.logger.warn({ reason: err instanceof Error ? err.message : typeof err }, 'cart fill: no addresses, priced for pickup');
      return null;
    }
  }

  /** Shipping-quote's answer per pharmacy slug (none when it fails: those pharmacies are priced for pickup). */
  private async shipping(caller: Caller, address: Address, shipping: Filling[]): Promise<Map<string, Quote>> {
    if (!shipping.length) return new Map();
    try {
      const { quotes } = await this.bus.request(
        Subjects.shippingQuote.quote,
        {
          pharms: shipping.map((f) => ({ pharmSlug: f.pharm.record!.slug, pickup: false, totalPrice: f.itemsTotal, itemsCount: f.itemsCount })),
          address: { address: address.address, houseNumber: address.houseNumber },
        },
        { caller, timeoutMs: CART_FILL_LOOKUP_TIMEOUT_MS },
      );
      return new Map(quotes.map((q) => [q.pharmSlug, q]));
    } catch (err) {
      this.logger.warn({ reason: err instanceof Error ? err.message : typeof err }, 'cart fill: no shipping quote, priced for pickup');
      return new Map();
    }
  }
}

/** Whether the pharmacy delivers at all (else it is pickup only). */
const ships = (filling: Filling): boolean => filling.pharm.record!.shipping !== 'no-shipping';

/** A filling as the answer shows it: delivery when shipping-quote matched it, else pickup. */
function toOption(filling: Filling, quote: Quote | undefined, location: GeoPoint | undefined): CartFillOption {
  const record = filling.pharm.record!;
  const delivery = quote?.status === 'matched' ? quote.price : null;
  return {
    pharm: { slug: record.slug, name: record.name, city: record.city, logo_url: record.logoUrl },
    distanceKm: location ? roundKm(distanceKm(location, { lat: record.lat, lng: record.lng })) : null,
    lines: filling.picks.map(({ item, offer, sameProduct, unitPrice }) => ({
      fromPharmProductId: item.pharmProductId,
      pharmProductId: offer.id,
      amount: item.amount,
      sameProduct,
      productName: offer.product.facts!.summary.info.hebName || offer.product.facts!.summary.name,
      thccbdDosage: offer.product.facts!.dosage,
      unitPrice: agorotToShekels(unitPrice),
    })),
    itemsTotal: agorotToShekels(filling.itemsTotal),
    shipping: delivery === null ? { method: 'pickup', price: 0 } : { method: 'delivery', price: agorotToShekels(delivery) },
    total: agorotToShekels(filling.itemsTotal + (delivery ?? 0)),
    isCurrent: filling.isCurrent,
  };
}

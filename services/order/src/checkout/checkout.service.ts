import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels, COUPON_STATUS_MESSAGES, ErrorCodes, isCouponCode, Messages, Subjects,
  type CookieCartItem, type CouponRecord, type CouponStatus, type CouponValidation, type Quote, type QuoteDto, type ShippingQuoteResponse,
} from '@mc/contracts';
import { BusClient, Clock, DATABASE, SERVICE_ENV, serviceError, toServiceError, type Caller, type Database, type Tx } from '@mc/kit';
import { and, eq, ne } from 'drizzle-orm';
import type { OrderEnv } from '../config';
import { couponRedemptions, orders } from '../db/schema';
import { priceCart, shippingOf, toQuote, type PharmShipping, type PricedCart } from './pricing';

/** Where the delivered pharmacies' orders go, as the order keeps it. */
export interface Destination {
  address: string;
  houseNumber: string;
  floor: number | null;
  apartment: number | null;
}

/** The one computation behind the quote and the order: the caller's cart priced, shipped and ready to snapshot. */
export interface Checkout {
  cartItems: CookieCartItem[];
  priced: PricedCart;
  shipping: PharmShipping[];
  destination: Destination | null;
  /** The VALID coupons of the cart's pharmacies (as pharm keeps them). */
  coupons: CouponRecord[];
  /** Each coupon code asked for (once, as typed) with its status for this user now. */
  requestedCoupons: { code: string; status: CouponStatus; record?: CouponRecord }[];
  quote: Quote;
}

const badRequest = (message: string) => serviceError(400, ErrorCodes.badRequest, message);

@Injectable()
export class CheckoutService {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_ENV) private readonly env: OrderEnv,
  ) {}

  /** Spec 4's coupon statuses for this user (`order.checkout.coupon`). */
  async validateCoupon(caller: Caller, code: string): Promise<CouponValidation> {
    const { status, record } = await this.judgeCoupon(caller, code);
    const answer: CouponValidation = { validationStatus: status, message: COUPON_STATUS_MESSAGES[status] };
    if (status === 'VALID' && record) {
      answer.pharm = { slug: record.pharmSlug, name: record.pharmName };
      answer.pharmDiscount = {
        code: record.code,
        name: record.name,
        amountType: record.amountType,
        amount: record.amountType === 'percent' ? record.amount : agorotToShekels(record.amount),
      };
    }
    return answer;
  }

  /** Whether this user ordered at the pharmacy before (an order not canceled): a new-customers coupon is not theirs. */
  async orderedBefore(db: Database | Tx, userId: number, pharmSlug: string): Promise<boolean> {
    const [earlier] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.pharmSlug, pharmSlug), ne(orders.status, 'canceled')))
      .limit(1);
    return !!earlier;
  }

  private async judgeCoupon(caller: Caller, code: string): Promise<{ status: CouponStatus; record?: CouponRecord }> {
    if (!isCouponCode(code)) return { status: 'NOT_FOUND' };
    let record: CouponRecord;
    try {
      record = await this.bus.request(Subjects.pharm.couponGet, { code }, { caller });
    } catch (err) {
      if (toServiceError(err).status === 404) return { status: 'NOT_FOUND' };
      throw err;
    }
    const now = this.clock.millis();
    if (now > Date.parse(record.endsAt)) return { status: 'EXPIRED', record };
    if (now < Date.parse(record.startsAt)) return { status: 'NOT_FOUND', record };
    const [used] = await this.db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.userId, caller.userId), eq(couponRedemptions.code, record.code.toUpperCase())))
      .limit(1);
    if (used) return { status: 'ALREADY_USED', record };
    if (record.newCustomersOnly && (await this.orderedBefore(this.db, caller.userId, record.pharmSlug))) return { status: 'NOT_ALLOWED', record };
    return { status: 'VALID', record };
  }

  /**
   * Anyone's cart priced as the quote prices it, every pharmacy picked up and no coupon (coupons are a signed-in
   * patient's): the cart page's figures, the same computation as the signed-in quote.
   */
  async quoteItems(items: CookieCartItem[]): Promise<Quote> {
    if (!items.length) throw badRequest(Messages.cartEmpty);
    const offers = await this.bus.request(Subjects.pharm.checkoutOffers, { pharmProductIds: items.map((i) => i.pharmProductId) });
    const priced = priceCart(items, offers, offers.offers.map((o) => o.pharmSlug));
    return toQuote(priced.pharms, shippingOf(priced.pharms, null), []);
  }

  /** The caller's server cart priced with the coupons valid for them, and shipped (spec 3's quote). */
  async compute(caller: Caller, dto: QuoteDto): Promise<Checkout> {
    const cart = await this.bus.request(Subjects.cart.cartGet, {}, { caller });
    if (!cart.items.length) throw badRequest(Messages.cartEmpty);

    const codes = [...new Map((dto.couponCodes ?? []).map((c) => [c.trim().toUpperCase(), c.trim()])).values()];
    const judged = await Promise.all(codes.map(async (c) => ({ code: c, ...(await this.judgeCoupon(caller, c)) })));
    const valid = judged.filter((j) => j.status === 'VALID' && j.record).map((j) => j.record!);

    const offers = await this.bus.request(
      Subjects.pharm.checkoutOffers,
      { pharmProductIds: cart.items.map((i) => i.pharmProductId), couponCodes: valid.map((c) => c.code) },
      { caller },
    );
    const priced = priceCart(cart.items, offers, dto.selectedPickup ?? []);
    const delivered = priced.pharms.filter((p) => !p.pickup);
    const destination = delivered.length ? await this.destination(caller, dto) : null;

    let answer: ShippingQuoteResponse | null = null;
    if (destination) {
      try {
        answer = await this.bus.request(
          Subjects.shippingQuote.quote,
          {
            pharms: priced.pharms.map((p) => ({ pharmSlug: p.pharm.slug, pickup: p.pickup, totalPrice: p.itemsTotal, itemsCount: p.itemsCount })),
            address: { address: destination.address, houseNumber: destination.houseNumber },
          },
          { caller, timeoutMs: this.env.SHIPPING_QUOTE_TIMEOUT_MS },
        );
      } catch {
        // Shipping-quote down, slow or failing: its pharmacies are 'Error' (spec 8), the quote still answers.
        answer = null;
      }
    }
    const shipping = shippingOf(priced.pharms, answer);
    const inCart = new Set(priced.pharms.map((p) => p.pharm.slug));
    const coupons = valid.filter((c) => inCart.has(c.pharmSlug));
    const quote = toQuote(priced.pharms, shipping, coupons.map((c) => c.code));
    return { cartItems: cart.items, priced, shipping, destination, coupons, requestedCoupons: judged, quote };
  }

  /** The saved address named by id (the caller's own only), or the typed one; none: 400 choose shipping. */
  private async destination(caller: Caller, dto: QuoteDto): Promise<Destination> {
    const given = dto.shippingAddress;
    if (!given) throw badRequest(Messages.chooseShipping);
    if (given.addressId !== undefined) {
      const { addresses } = await this.bus.request(Subjects.identity.addressList, {}, { caller });
      const saved = addresses.find((a) => a.id === given.addressId);
      if (!saved) throw serviceError(404, ErrorCodes.notFound, Messages.addressNotFound);
      return { address: saved.address, houseNumber: saved.houseNumber, floor: saved.floor, apartment: saved.apartment };
    }
    if (!given.address || !given.houseNumber) throw badRequest(Messages.chooseShipping);
    return { address: given.address, houseNumber: given.houseNumber, floor: given.floor ?? null, apartment: given.apartment ?? null };
  }
}

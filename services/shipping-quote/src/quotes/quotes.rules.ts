import { normalizeSearchText, parseAddressQuery, spellingSkeleton, type MinPricing, type QuantityType } from '@mc/contracts';

/**
 * One pricing row: once the cart reaches `quantity` (its total in agorot for min-total-price, its item count for
 * min-items-count) the shipping may cost `amount` agorot (0: free). Each row has its own type (spec §3).
 */
export interface PricingRow {
  quantityType: QuantityType;
  quantity: number;
  amount: number;
}

export interface QuotableShipment {
  id: number;
  pricings: PricingRow[];
  locationIds: number[];
}

/** A pharmacy's part of the cart: its total after discounts (agorot) and its number of items. */
export interface CartPart {
  totalPrice: number;
  itemsCount: number;
}

export type ShipmentPrice = { status: 'matched'; price: number } | { status: 'min-pricing'; minPricing: MinPricing };

/** What the cart has of a row's measure: its total in agorot, or its number of items. */
const measure = (quantityType: QuantityType, cart: CartPart): number => (quantityType === 'min-total-price' ? cart.totalPrice : cart.itemsCount);

/** How near the cart is to a minimum: the share of it the cart has (1 and more: reached). */
const progress = (min: MinPricing, cart: CartPart): number => (min.quantity > 0 ? measure(min.quantityType, cart) / min.quantity : 1);

/**
 * Of two minimums the cart reaches neither of, the one it is nearer to (the larger share of it already in the cart);
 * on a tie a price before an item count, then the smaller quantity.
 */
function nearer(a: MinPricing, b: MinPricing, cart: CartPart): MinPricing {
  const [pa, pb] = [progress(a, cart), progress(b, cart)];
  if (pa !== pb) return pa > pb ? a : b;
  if (a.quantityType !== b.quantityType) return a.quantityType === 'min-total-price' ? a : b;
  return a.quantity <= b.quantity ? a : b;
}

/**
 * The price of a shipment for a cart. Rows of either type combine as alternatives: every row whose threshold the cart
 * reaches on the row's own measure applies, and the cheapest of them is the price (so [0 → 30 ₪, 300 ₪ → free] charges
 * 30 ₪ below 300 ₪ and nothing from it, and [0 → 30 ₪, 3 items → free] is free from 3 items whatever their total).
 * When the cart reaches no row, the answer is the minimum the cart is nearest to (see `nearer`).
 */
export function priceShipment(shipment: Pick<QuotableShipment, 'pricings'>, cart: CartPart): ShipmentPrice {
  let cheapest: PricingRow | undefined;
  let minimum: MinPricing | undefined;
  for (const row of shipment.pricings) {
    if (row.quantity <= measure(row.quantityType, cart)) {
      if (!cheapest || row.amount < cheapest.amount) cheapest = row;
    } else {
      const min = { quantityType: row.quantityType, quantity: row.quantity };
      minimum = minimum ? nearer(minimum, min, cart) : min;
    }
  }
  if (cheapest) return { status: 'matched', price: cheapest.amount };
  // A shipment without rows has no price to give (the back office refuses one): its minimum is the "from 0" it never was.
  return { status: 'min-pricing', minPricing: minimum ?? { quantityType: 'min-total-price', quantity: 0 } };
}

export type ShipmentChoice =
  | { status: 'matched'; shipmentId: number; price: number }
  | { status: 'min-pricing'; minPricing: MinPricing }
  | { status: 'no-match' };

/**
 * Picks a pharmacy's shipment for an address: `areas` are the address's locations, most specific first (its city, its
 * district, the country). The shipments covering the first area that any of them covers are the candidates; of those,
 * the cheapest that the cart reaches wins (the lower id on a tie), or, when the cart reaches none, the minimum the
 * cart is nearest to is the answer.
 */
export function chooseShipment(shipments: QuotableShipment[], areas: number[], cart: CartPart): ShipmentChoice {
  for (const area of areas) {
    const covering = shipments.filter((s) => s.locationIds.includes(area)).sort((a, b) => a.id - b.id);
    if (!covering.length) continue;
    let best: { shipmentId: number; price: number } | undefined;
    let minimum: MinPricing | undefined;
    for (const shipment of covering) {
      const priced = priceShipment(shipment, cart);
      if (priced.status === 'matched') {
        if (!best || priced.price < best.price) best = { shipmentId: shipment.id, price: priced.price };
      } else {
        minimum = minimum ? nearer(minimum, priced.minPricing, cart) : priced.minPricing;
      }
    }
    if (best) return { status: 'matched', ...best };
    return { status: 'min-pricing', minPricing: minimum! };
  }
  return { status: 'no-match' };
}

/** What an address text names: its street and its city, as the address form gives it ('הרצל 12, חיפה'). */
export interface AddressParts {
  street: string;
  /** Every other part of the text, in order: the city is the first that the gazetteer knows ('חיפה, ישראל'). */
  cityCandidates: string[];
}

/** The street and the city candidates of an address text, or undefined when it names no city (no comma). */
export function addressParts(address: string): AddressParts | undefined {
  const parsed = parseAddressQuery(address);
  if (!parsed.street || !address.includes(',')) return undefined;
  const street = parsed.street;
  const others = address.split(',').map((part) => part.trim()).filter(Boolean);
  const cityCandidates = others.filter((part) => !/\d/.test(part) && normalizeSearchText(part) !== normalizeSearchText(street));
  if (parsed.city && !cityCandidates.includes(parsed.city)) cityCandidates.unshift(parsed.city);
  return cityCandidates.length ? { street, cityCandidates } : undefined;
}

/** The names a gazetteer row's `city_text` lists ('תל אביב יפו | תל אביב | יפו | תא'), normalised. */
export const cityTextNames = (cityText: string): string[] => cityText.split(' | ').map((name) => name.trim()).filter(Boolean);

/** Whether a typed city is one of a city's names (normalised, or in spelling-skeleton form). */
export function cityMatches(typed: string, names: string[]): boolean {
  const norm = normalizeSearchText(typed);
  if (!norm) return false;
  const skeleton = spellingSkeleton(norm);
  return names.some((name) => name === norm || spellingSkeleton(name) === skeleton);
}

const KIND_OF_STREET = /^(רחוב|רח|שדרות|שד|דרכ) /;
const bareStreet = (norm: string): string => norm.replace(KIND_OF_STREET, '');

/**
 * The gazetteer street a typed street names, among a city's streets: the same name normalised ('קינג ג׳ורג׳' and
 * 'קינג גורג'), else the same spelling skeleton (full or defective spelling: 'דיזנגוף' and 'דיזינגוף'), else the same
 * name once a leading word of kind is dropped on either side ('שדרות רוטשילד' and 'רוטשילד', 'רחוב הרצל' and 'הרצל').
 */
export function findStreet<T extends { streetText: string }>(typed: string, streets: T[]): T | undefined {
  const norm = normalizeSearchText(typed);
  if (!norm) return undefined;
  const skeleton = spellingSkeleton(norm);
  const bare = spellingSkeleton(bareStreet(norm));
  return streets.find((s) => s.streetText === norm)
    ?? streets.find((s) => spellingSkeleton(s.streetText) === skeleton)
    ?? streets.find((s) => spellingSkeleton(bareStreet(s.streetText)) === bare);
}

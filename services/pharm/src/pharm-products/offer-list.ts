import {
  agorotToShekels, comparePriceOrder, distanceKm, pageStart, shekelsToAgorot,
  type FacetCount, type FiltersData, type GeoPoint, type GeoSort, type ProductFilters, withNamedCompanies,
} from '@mc/contracts';
import { inStockAt, isVisible, type Offer, type ProductFacts } from '../offers/offer';
import { topK } from './top-k';

export interface OfferListOptions {
  filters: ProductFilters;
  /** Slugs of the products matching `filters.search`, or undefined when there is no search. */
  searchSlugs?: Set<string>;
  sortBy: GeoSort;
  page: number;
  perPage: number;
  /** A pharm product id placed first (when it is in the filtered set). */
  firstProduct?: number;
  location?: GeoPoint;
  now: Date;
}

export interface OfferListResult {
  total: number;
  /** The page's offers, in order. */
  offers: Offer[];
  filtersData: FiltersData;
}

/**
 * "Magic", the default order, for shoppers who have not said what they want:
 *   1. in stock first: an offer that cannot be bought today is a dead end, whatever its price;
 *   2. then a score: promoted by the pharmacy (+2), marked popular by the pharmacy (+2), a popular product
 *      in the catalogue (+1), new (+1), the discount (+0.1 per percent, at most +3, so a big sale lifts an
 *      offer without burying everything else), and freshness (+1 for an offer updated just now, fading to 0
 *      over 30 days: recently confirmed prices and stock are the ones worth trusting);
 *   3. then the cheaper first, then the id (a stable order for paging).
 */
const FRESHNESS_SECONDS = 30 * 24 * 3600;

function magicScore(offer: Offer, facts: ProductFacts, nowMicros: number): number {
  const discountPct = offer.originalPrice !== null && offer.originalPrice > offer.price ? 100 * (1 - offer.price / offer.originalPrice) : 0;
  const freshness = Math.min(1, Math.max(0, 1 - (nowMicros - offer.updatedAt) / 1_000_000 / FRESHNESS_SECONDS));
  return 2 * +offer.isPromoted + 2 * +offer.isPopular + +facts.isPopular + +offer.isNew + Math.min(discountPct, 30) / 10 + freshness;
}

/** An offer that passed the filters, with what its order needs. */
interface Row {
  offer: Offer;
  facts: ProductFacts;
  /** In stock at the list's moment (the pharmacy's flag, confirmed lately). */
  inStock: boolean;
  /** The magic score or the distance, when the order uses one. */
  key: number;
}

type Compare = (a: Row, b: Row) => number;

const byStock: Compare = (a, b) => +b.inStock - +a.inStock;
/** The price order (per gram where known: pack sizes differ), then the id. */
const byPriceThenId: Compare = (a, b) => comparePriceOrder(a.offer, b.offer) || a.offer.id - b.offer.id;

const ORDERS: Record<'magic' | 'price' | 'popular' | 'new' | 'distance', Compare> = {
  magic: (a, b) => byStock(a, b) || b.key - a.key || byPriceThenId(a, b),
  price: (a, b) => byStock(a, b) || byPriceThenId(a, b),
  popular: (a, b) => byStock(a, b) || +b.offer.isPopular - +a.offer.isPopular || +b.facts.isPopular - +a.facts.isPopular || byPriceThenId(a, b),
  new: (a, b) => byStock(a, b) || +b.offer.isNew - +a.offer.isNew || b.offer.createdAt - a.offer.createdAt || b.offer.id - a.offer.id,
  distance: (a, b) => byStock(a, b) || a.key - b.key || byPriceThenId(a, b),
};

type Facet = 'types' | 'cannabisTypes' | 'dosages' | 'companies';
const FACETS: { facet: Facet; value: (facts: ProductFacts) => string | null }[] = [
  { facet: 'types', value: (f) => f.type },
  { facet: 'cannabisTypes', value: (f) => f.cannabisType },
  { facet: 'dosages', value: (f) => f.dosage },
  { facet: 'companies', value: (f) => f.company },
];

const COMPANIES = FACETS.findIndex((f) => f.facet === 'companies');

const byCountThenValue = (a: FacetCount, b: FacetCount) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);

/**
 * A list of offers in one pass over `scope`: the visible offers that pass search and stock, then over them the
 * total, the price range (every filter but the price), each facet's counts (every filter but its own) and the
 * page (a top-N selection, not a sort of the whole set). `nearby` without a location orders as `magic`.
 */
export function listOffers(scope: Iterable<Offer>, options: OfferListOptions): OfferListResult {
  const { filters, searchSlugs, location } = options;
  const wanted = FACETS.map(({ facet }) => (filters[facet].length ? new Set<string | null>(filters[facet]) : undefined));
  const priceRange = filters.priceRange && { min: shekelsToAgorot(filters.priceRange.min), max: shekelsToAgorot(filters.priceRange.max) };
  const nearby = options.sortBy === 'nearby' && location !== undefined;
  const order = nearby ? 'distance' : options.sortBy === 'nearby' ? 'magic' : options.sortBy;
  const nowMs = options.now.getTime();
  const nowMicros = nowMs * 1000;

  const counts = FACETS.map(() => new Map<string, number>());
  let minPrice = Infinity;
  let maxPrice = -Infinity;
  const rows: Row[] = [];
  const namedCompanies = new Set<string>();
  for (const offer of scope) {
    const facts = offer.product.facts;
    if (!facts || !isVisible(offer)) continue;
    if (facts.company !== null && wanted[COMPANIES]?.has(facts.company)) namedCompanies.add(facts.company);
    const inStock = inStockAt(offer, nowMs);
    if ((filters.inStock && !inStock) || (searchSlugs && !searchSlugs.has(offer.product.slug))) continue;
    // The facet filters this offer fails: with one failed, it still counts in that facet (counted without its own filter).
    let failed = -1;
    let failures = 0;
    for (let i = 0; i < FACETS.length; i++) {
      if (wanted[i] && !wanted[i]!.has(FACETS[i].value(facts))) {
        failed = i;
        failures++;
      }
    }
    const priceFails = priceRange !== undefined && (offer.price < priceRange.min || offer.price > priceRange.max);
    if (failures === 0) {
      minPrice = Math.min(minPrice, offer.price);
      maxPrice = Math.max(maxPrice, offer.price);
    }
    if (priceFails || failures > 1) continue;
    for (let i = 0; i < FACETS.length; i++) {
      if (failures === 1 && i !== failed) continue;
      const value = FACETS[i].value(facts);
      if (value !== null) counts[i].set(value, (counts[i].get(value) ?? 0) + 1);
    }
    if (failures || priceFails) continue;
    const key = order === 'magic' ? magicScore(offer, facts, nowMicros)
      : order === 'distance' ? distanceKm(location!, { lat: offer.pharm.record!.lat, lng: offer.pharm.record!.lng }) : 0;
    rows.push({ offer, facts, inStock, key });
  }

  const offset = pageStart(options.page, options.perPage);
  const first = options.firstProduct;
  const compare = first === undefined ? ORDERS[order] : (a: Row, b: Row) => +(b.offer.id === first) - +(a.offer.id === first) || ORDERS[order](a, b);
  const facetLists = counts.map((values) => [...values].map(([value, count]) => ({ value, count })).sort(byCountThenValue));
  return {
    total: rows.length,
    offers: topK(rows, offset + options.perPage, compare).slice(offset).map((r) => r.offer),
    filtersData: {
      types: facetLists[0], cannabisTypes: facetLists[1], dosages: facetLists[2], companies: withNamedCompanies(facetLists[COMPANIES], namedCompanies),
      priceRange: minPrice === Infinity ? null : { min: agorotToShekels(minPrice), max: agorotToShekels(maxPrice) },
    },
  };
}

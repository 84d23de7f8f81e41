import {
  agorotToShekels, pageStart, shekelsToAgorot,
  type FacetCount, type FiltersData, withNamedCompanies, type ListSort, type Product, type ProductCard, type ProductFilters,
} from '@mc/contracts';

/** A product as lists filter and sort it, with its answer prepared once. */
export interface ListedProduct {
  id: number;
  slug: string;
  product: Product;
  /** What the lists answer of it (`productCard`). */
  card: ProductCard;
  type: string;
  cannabisType: string | null;
  dosage: string | null;
  company: string | null;
  family: string | null;
  thc: number | null;
  cbd: number | null;
  /** Agorot: the cheapest in-stock offer, or the typical price while there is none. */
  price: number | null;
  inStock: boolean;
  popularity: number;
  isPopular: boolean;
  /** Seconds since 1970, as PostgreSQL's `date_part('epoch', launched_at)`. */
  launchedAt: number;
  /** The "magic" score's terms before freshness, and its last term (see `magicScore`). */
  scoreBeforeFreshness: number;
  availability: number;
  tagIds: ReadonlySet<number>;
}

/** What the "magic" score is made of, besides the launch time. */
export interface ScoreInputs {
  popularity: number;
  isPopular: boolean;
  isNew: boolean;
  /** Null while the product has no statistics row. */
  bestDiscountPct: number | null;
  minPrice: number | null;
  estimatedPrice: number | null;
  pharmCount: number;
}

/**
 * "Magic", the default order, for shoppers who have not said what they want:
 *   1. in stock first: a product no pharmacy can sell today is a dead end, whatever else it has;
 *   2. then a score, highest first:
 *      - popularity (0–100, from sales and views) × 0.03, up to +3: what patients actually buy is the
 *        best guess of what the next one wants, so it weighs most;
 *      - flagged popular by the editors (+1) and new (+1);
 *      - the deal, up to +3: the larger of the best discount on offer and how far the cheapest offer
 *        is below the product's typical price, 0.1 per percent capped at 30 %, so a real bargain rises
 *        without burying the products people come for;
 *      - freshness, up to +1, fading to 0 over 90 days since launch: new strains are what returning
 *        patients look for;
 *      - availability, up to +1 at 20 pharmacies: a product many pharmacies stock is easy to get nearby;
 *   3. then the cheaper first, then the id, so paging is stable.
 * The terms are added in this order in double precision, so equal products tie exactly as they always have.
 */
export function scoreTerms(r: ScoreInputs): Pick<ListedProduct, 'scoreBeforeFreshness' | 'availability'> {
  const belowTypical = r.estimatedPrice !== null && r.estimatedPrice > 0 && r.minPrice !== null ? 100 * (1 - r.minPrice / r.estimatedPrice) : 0;
  const deal = Math.min(30, r.bestDiscountPct === null ? belowTypical : Math.max(r.bestDiscountPct, belowTypical));
  return {
    scoreBeforeFreshness: r.popularity * 0.03 + Number(r.isPopular) + Number(r.isNew) + deal / 10,
    availability: Math.min(r.pharmCount, 20) / 20,
  };
}

/** New products count as fresh for 90 days. */
const FRESHNESS_SECONDS = 90 * 86_400;

/** The freshness term at `now` (seconds since 1970): 0 from 90 days after launch on. */
export const freshness = (p: ListedProduct, now: number): number => Math.max(0, 1 - (now - p.launchedAt) / FRESHNESS_SECONDS);

export const magicScore = (p: ListedProduct, fresh: number): number => p.scoreBeforeFreshness + fresh + p.availability;

type Compare = (a: ListedProduct, b: ListedProduct) => number;

const byStock: Compare = (a, b) => Number(b.inStock) - Number(a.inStock);
const cheaperFirst: Compare = (a, b) => (a.price === b.price ? 0 : a.price === null ? 1 : b.price === null ? -1 : a.price - b.price);

/** The magic order, with each product's score given (it depends on the time). */
export const magicOrder = (score: (p: ListedProduct) => number): Compare => (a, b) =>
  byStock(a, b) || score(b) - score(a) || cheaperFirst(a, b) || a.id - b.id;

/** The orders that do not depend on the time. */
export const ORDERS: Record<Exclude<ListSort, 'magic'>, Compare> = {
  price: (a, b) => byStock(a, b) || cheaperFirst(a, b) || a.id - b.id,
  popular: (a, b) => byStock(a, b) || Number(b.isPopular) - Number(a.isPopular) || b.popularity - a.popularity || a.id - b.id,
  new: (a, b) => byStock(a, b) || b.launchedAt - a.launchedAt || b.id - a.id,
};

export interface ProductListOptions {
  filters: ProductFilters;
  sortBy: ListSort;
  page: number;
  perPage: number;
  /** Slugs placed first, in this order, when they are in the filtered set. */
  firstSlugs?: string[];
  /** Only the products carrying this tag (tag pages). */
  tagId?: number;
  now: Date;
}

export interface ProductListResult {
  total: number;
  products: ProductCard[];
  filtersData: FiltersData;
}

// The facet filters, one bit each, so a facet is counted over the products failing no filter but its own.
const TYPES = 1;
const CANNABIS_TYPES = 2;
const DOSAGES = 4;
const COMPANIES = 8;
const PRICE = 16;

const passes = (wanted: ReadonlySet<string> | undefined, value: string | null): boolean =>
  !wanted || (value !== null && wanted.has(value));

const wantedOf = (values: string[]): ReadonlySet<string> | undefined => (values.length ? new Set(values) : undefined);

const count = (counts: Map<string, number>, value: string | null) => {
  if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
};

/** Most first, then by value (the database's C collation: code point order). */
const facetList = (counts: Map<string, number>): FacetCount[] =>
  [...counts].map(([value, n]) => ({ value, count: n })).sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

/**
 * One page of the products of `ordered` (already in the requested order) that pass search (`matching`, the
 * ids matching the term), stock and tag, and every facet filter; the total; and the facets, each counted with
 * every filter but its own. One pass over the products.
 */
export function listProducts(ordered: readonly ListedProduct[], options: ProductListOptions, matching?: ReadonlySet<number>): ProductListResult {
  const { filters, tagId } = options;
  const types = wantedOf(filters.types);
  const cannabisTypes = wantedOf(filters.cannabisTypes);
  const dosages = wantedOf(filters.dosages);
  const companies = wantedOf(filters.companies);
  const lowest = filters.priceRange && shekelsToAgorot(filters.priceRange.min);
  const highest = filters.priceRange && shekelsToAgorot(filters.priceRange.max);

  const passing: ListedProduct[] = [];
  const counts = { types: new Map<string, number>(), cannabisTypes: new Map<string, number>(), dosages: new Map<string, number>(), companies: new Map<string, number>() };
  let minPrice: number | null = null;
  let maxPrice: number | null = null;
  const namedCompanies = new Set<string>();
  for (const p of ordered) {
    if (tagId !== undefined && !p.tagIds.has(tagId)) continue;
    if (companies && p.company !== null && companies.has(p.company)) namedCompanies.add(p.company);
    if ((filters.inStock && !p.inStock) || (matching && !matching.has(p.id))) continue;
    const inPriceRange = lowest === undefined || (p.price !== null && p.price >= lowest && p.price <= highest!);
    const misses = (passes(types, p.type) ? 0 : TYPES) | (passes(cannabisTypes, p.cannabisType) ? 0 : CANNABIS_TYPES)
      | (passes(dosages, p.dosage) ? 0 : DOSAGES) | (passes(companies, p.company) ? 0 : COMPANIES) | (inPriceRange ? 0 : PRICE);
    if (misses === 0) passing.push(p);
    if ((misses & ~TYPES) === 0) count(counts.types, p.type);
    if ((misses & ~CANNABIS_TYPES) === 0) count(counts.cannabisTypes, p.cannabisType);
    if ((misses & ~DOSAGES) === 0) count(counts.dosages, p.dosage);
    if ((misses & ~COMPANIES) === 0) count(counts.companies, p.company);
    if ((misses & ~PRICE) === 0 && p.price !== null) {
      minPrice = minPrice === null ? p.price : Math.min(minPrice, p.price);
      maxPrice = maxPrice === null ? p.price : Math.max(maxPrice, p.price);
    }
  }

  const offset = pageStart(options.page, options.perPage);
  return {
    total: passing.length,
    products: pinFirst(passing, options.firstSlugs ?? []).slice(offset, offset + options.perPage).map((p) => p.card),
    filtersData: {
      types: facetList(counts.types),
      cannabisTypes: facetList(counts.cannabisTypes),
      dosages: facetList(counts.dosages),
      companies: withNamedCompanies(facetList(counts.companies), namedCompanies),
      priceRange: minPrice === null || maxPrice === null ? null : { min: agorotToShekels(minPrice), max: agorotToShekels(maxPrice) },
    },
  };
}

/** The products of `firstSlugs` first, in that order (a slug's first place counts), then the others as they were. */
function pinFirst(ordered: ListedProduct[], firstSlugs: string[]): ListedProduct[] {
  if (!firstSlugs.length) return ordered;
  const place = new Map<string, number>();
  firstSlugs.forEach((slug, i) => { if (!place.has(slug)) place.set(slug, i); });
  const pinned = ordered.filter((p) => place.has(p.slug)).sort((a, b) => place.get(a.slug)! - place.get(b.slug)!);
  return pinned.length ? [...pinned, ...ordered.filter((p) => !place.has(p.slug))] : ordered;
}

/**
 * Products like `target`, for the carousel under it: other strains (its own variants are shown apart), in stock
 * first, then the same form, the same cannabis type, the closest THC/CBD dosage, then the more popular. The best
 * `size` are kept while going through the products once.
 */
export function relatedProducts(products: Iterable<ListedProduct>, target: ListedProduct, size: number): Product[] {
  const distance = (p: ListedProduct) => Math.abs((p.thc ?? 0) - (target.thc ?? 0)) + Math.abs((p.cbd ?? 0) - (target.cbd ?? 0));
  const closer: Compare = (a, b) => byStock(a, b)
    || Number(b.type === target.type) - Number(a.type === target.type)
    || Number(b.cannabisType === target.cannabisType) - Number(a.cannabisType === target.cannabisType)
    || distance(a) - distance(b) || b.popularity - a.popularity || a.id - b.id;
  const best: ListedProduct[] = [];
  for (const p of products) {
    if (p.id === target.id || (target.family !== null && p.family === target.family)) continue;
    if (best.length === size && closer(p, best[size - 1]) >= 0) continue;
    let at = best.length;
    while (at > 0 && closer(p, best[at - 1]) < 0) at--;
    best.splice(at, 0, p);
    if (best.length > size) best.pop();
  }
  return best.map((p) => p.product);
}

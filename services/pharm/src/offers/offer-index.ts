import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { unitPrices } from '@mc/contracts';
import { ChangeFeed, DATABASE, LiveIndex, LOGGER, PG_POOL, PROBES, type Changes, type Database, type ProcessProbes } from '@mc/kit';
import { inArray, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { isShownDiscount } from '../common/discount';
import { searchCondition } from '../common/search';
import { productsView } from '../db/schema';
import { loadPharmRecords } from '../common/pharm-records';
import { PharmSnapshot } from './pharm-snapshot';
import type { PharmRecord } from '../common/pharm-view';
import type { Offer, PharmEntry, ProductEntry, ProductFacts } from './offer';
import { productSummaryColumns, toProductSummary } from './offer-view';

const perGramOf = (price: number, product: ProductEntry): number | null =>
  product.facts ? unitPrices(price, product.facts.size, null).perGram : null;

type OfferRowData = {
  id: number;
  pharm_id: number;
  product_slug: string;
  price: number;
  original_price: number | null;
  in_stock: boolean;
  published: boolean;
  is_popular: boolean;
  is_new: boolean;
  is_promoted: boolean;
  expires_at: number | null;
  confirmed_at: number;
  created_at: number;
  updated_at: number;
  price_before: number | null;
  price_dropped_at: number | null;
};

type ProductRowData = Awaited<ReturnType<typeof selectProducts>>[number];

const offerQuery = (where = sql``) => sql`SELECT id, pharm_id, product_slug, price, original_price, in_stock, published, is_popular, is_new, is_promoted,
    (extract(epoch FROM expires_at) * 1000)::float8 AS expires_at,
    (extract(epoch FROM confirmed_at) * 1000)::float8 AS confirmed_at,
    (extract(epoch FROM created_at) * 1000000)::float8 AS created_at,
    (extract(epoch FROM updated_at) * 1000000)::float8 AS updated_at,
    price_before, (extract(epoch FROM price_dropped_at) * 1000)::float8 AS price_dropped_at
  FROM pharm.pharm_products ${where}`;

const productColumns = {
  ...productSummaryColumns,
  thc: productsView.thc, cbd: productsView.cbd, family: productsView.family, isPopular: productsView.isPopular,
  deleted: productsView.deleted, tags: productsView.tags,
};

function selectProducts(db: Database, slugs?: string[]) {
  return db.select(productColumns).from(productsView).where(slugs && inArray(productsView.slug, slugs));
}

function factsOf(row: ProductRowData): ProductFacts {
  return {
    type: row.type, cannabisType: row.cannabisType, dosage: row.dosage, company: row.company, thc: row.thc, cbd: row.cbd,
    family: row.family, isPopular: row.isPopular, deleted: row.deleted, tags: row.tags, summary: toProductSummary(row),
    size: { sizeQuantity: row.sizeQuantity, sizeUnit: row.sizeUnit },
  };
}

/**
 * Pharm's offers, products and pharmacies in memory, grouped for the storefront's reads: per pharmacy, per product,
 * and the offers whose discount badge shows. Changed in place, synchronously, by `OfferSource.apply`.
 */
export class OfferState {
  readonly offers = new Map<number, Offer>();
  readonly products = new Map<string, ProductEntry>();
  readonly pharms = new Map<number, PharmEntry>();
  /** Offers whose discount badge shows (visibility is checked at read). */
  readonly discounted = new Set<Offer>();
  /** The pharmacies as the directory shows them, made again when one changes. */
  directory!: PharmSnapshot;
  /** Moves with every change (what is worked out from the offers is kept per version). */
  version = 0;

  product(slug: string): ProductEntry {
    let entry = this.products.get(slug);
    if (!entry) {
      entry = { slug, facts: null, offers: new Set() };
      this.products.set(slug, entry);
    }
    return entry;
  }

  pharm(id: number): PharmEntry {
    let entry = this.pharms.get(id);
    if (!entry) {
      entry = { id, record: null, offers: new Set() };
      this.pharms.set(id, entry);
    }
    return entry;
  }

  /** The products of `slugs` as now in the view (a slug without a row loses its facts). */
  setProducts(slugs: Iterable<string>, rows: ProductRowData[]): void {
    this.version++;
    const found = new Map(rows.map((r) => [r.slug, r]));
    for (const slug of slugs) {
      const row = found.get(slug);
      const entry = row ? this.product(slug) : this.products.get(slug);
      if (!entry) continue;
      entry.facts = row ? factsOf(row) : null;
      for (const offer of entry.offers) offer.perGram = perGramOf(offer.price, entry);
      if (!entry.facts && !entry.offers.size) this.products.delete(slug);
    }
  }

  /** The pharmacies of `ids` as now in the database (an id without a row loses its record). */
  setPharms(ids: Iterable<number>, records: PharmRecord[]): void {
    this.version++;
    const found = new Map(records.map((r) => [r.id, r]));
    for (const id of ids) {
      const record = found.get(id);
      const entry = record ? this.pharm(id) : this.pharms.get(id);
      if (!entry) continue;
      entry.record = record ?? null;
      if (!entry.record && !entry.offers.size) this.pharms.delete(id);
    }
    this.directory = new PharmSnapshot(this);
  }

  /** The offers of `ids` as now in the database (an id without a row is removed). */
  setOffers(ids: Iterable<number>, rows: OfferRowData[]): void {
    this.version++;
    const found = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      this.removeOffer(id);
      const row = found.get(id);
      if (row) this.addOffer(row);
    }
  }

  addOffer(row: OfferRowData): void {
    const product = this.product(row.product_slug);
    const offer: Offer = {
      id: row.id, pharm: this.pharm(row.pharm_id), product,
      price: row.price, originalPrice: row.original_price, perGram: perGramOf(row.price, product),
      inStock: row.in_stock, confirmedAt: row.confirmed_at, published: row.published,
      isPopular: row.is_popular, isNew: row.is_new, isPromoted: row.is_promoted,
      expiresAt: row.expires_at, createdAt: row.created_at, updatedAt: row.updated_at,
      priceBefore: row.price_before, priceDroppedAt: row.price_dropped_at,
    };
    this.offers.set(offer.id, offer);
    offer.pharm.offers.add(offer);
    offer.product.offers.add(offer);
    if (isShownDiscount(offer.price, offer.originalPrice)) this.discounted.add(offer);
  }

  private removeOffer(id: number): void {
    const offer = this.offers.get(id);
    if (!offer) return;
    this.offers.delete(id);
    offer.pharm.offers.delete(offer);
    offer.product.offers.delete(offer);
    this.discounted.delete(offer);
    if (!offer.pharm.record && !offer.pharm.offers.size) this.pharms.delete(offer.pharm.id);
    if (!offer.product.facts && !offer.product.offers.size) this.products.delete(offer.product.slug);
  }
}

/** The index looks at the change feed at least this often, so another process's commit shows within it even if its signal is lost. */
export const OFFER_INDEX_POLL_MS = 1000;
/**
 * Changed offers applied one by one up to this many, past it everything is loaded again: a partner feed changes
 * thousands a second, and a whole load (every offer, with the service's reads waiting) would stall the reads each time.
 */
const OFFER_INDEX_RELOAD_ABOVE = 50_000;

/** Search terms' matching product slugs (the trigram match stays in PostgreSQL) are kept until a product changes, at most this many. */
const SEARCH_TERMS_KEPT = 2_000;

/**
 * The live index of pharm's offers (`pharm_products`), the products they show (`products_view`) and the pharmacies
 * (`pharmacies` with their tags), fed by the schema's change feed: loaded whole at start, then key by key.
 */
@Injectable()
export class OfferIndex implements OnModuleInit, OnModuleDestroy {
  private readonly live: LiveIndex<OfferState>;
  private readonly searches = new Map<string, Promise<Set<string>>>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PG_POOL) pool: Pool,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(PROBES) probes: ProcessProbes,
  ) {
    this.live = new LiveIndex(new ChangeFeed(pool, 'pharm', logger), {
      loadAll: () => this.loadAll(),
      apply: (state, changes) => this.apply(state, changes),
    }, logger, { pollMs: OFFER_INDEX_POLL_MS, reloadAbove: OFFER_INDEX_RELOAD_ABOVE });
    probes.watchIndex('offers', () => this.live.ageSeconds());
  }

  async onModuleInit(): Promise<void> {
    await this.live.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.live.stop();
  }

  current(): Promise<OfferState> {
    return this.live.current();
  }

  /** A write not through this process's `Database` (a test's): the next read applies it first. */
  invalidate(): void {
    this.live.invalidate();
  }

  /** Slugs of the products whose names match a search term, or undefined when the term has nothing to search. */
  async searchSlugs(term: string | undefined): Promise<Set<string> | undefined> {
    const condition = searchCondition(sql`search_text`, term);
    if (!condition) return undefined;
    const key = term!;
    const kept = this.searches.get(key);
    if (kept) return kept;
    if (this.searches.size >= SEARCH_TERMS_KEPT) this.searches.clear();
    const slugs = this.db.execute<{ slug: string }>(sql`SELECT slug FROM pharm.products_view WHERE ${condition}`)
      .then(({ rows }) => new Set(rows.map((r) => r.slug)));
    this.searches.set(key, slugs);
    slugs.catch(() => { if (this.searches.get(key) === slugs) this.searches.delete(key); });
    return slugs;
  }

  private async loadAll(): Promise<OfferState> {
    const started = Date.now();
    const [offers, products, pharms] = await Promise.all([
      this.db.execute<OfferRowData>(offerQuery()),
      selectProducts(this.db),
      loadPharmRecords(this.db),
    ]);
    const state = new OfferState();
    state.setPharms(pharms.map((p) => p.id), pharms);
    state.setProducts(products.map((p) => p.slug), products);
    for (const row of offers.rows) state.addOffer(row);
    this.searches.clear();
    this.logger.info({ ms: Date.now() - started, offers: state.offers.size, products: state.products.size, pharms: state.pharms.size }, 'offer index loaded');
    return state;
  }

  private async apply(state: OfferState, changes: Changes): Promise<void> {
    const offerIds = [...changes.get('offer') ?? []].map(Number);
    const slugs = [...changes.get('product') ?? []];
    // A tag's name shows on every pharmacy carrying it: they are few, all are read again.
    const pharmIds = changes.has('tag') ? undefined : [...changes.get('pharm') ?? []].map(Number);
    const [offers, products, pharms] = await Promise.all([
      offerIds.length ? this.db.execute<OfferRowData>(offerQuery(sql`WHERE id = ANY(${sql.param(offerIds)})`)) : { rows: [] },
      slugs.length ? selectProducts(this.db, slugs) : [],
      pharmIds?.length !== 0 ? loadPharmRecords(this.db, pharmIds) : undefined,
    ]);
    if (pharms) state.setPharms(pharmIds ?? new Set([...state.pharms.keys(), ...pharms.map((p) => p.id)]), pharms);
    if (slugs.length) {
      state.setProducts(slugs, products);
      this.searches.clear();
    }
    state.setOffers(offerIds, offers.rows);
  }
}

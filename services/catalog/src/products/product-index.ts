import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { comparePriceOrder, productCard, searchForms, unitPrices, type PriceOrderKey, type Product, type TagDetail } from '@mc/contracts';
import { ChangeFeed, DATABASE, LiveIndex, LOGGER, PG_POOL, PROBES, type Changes, type Database, type ProcessProbes } from '@mc/kit';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { searchMatch } from '../common/search';
import {
  freshness, listProducts, magicOrder, magicScore, ORDERS, relatedProducts, scoreTerms,
  type ListedProduct, type ProductListOptions, type ProductListResult,
} from './product-list';
import { PRODUCT_JSON, PRODUCTS_WITH_STATS, toProduct, type ProductRecord } from './product-record';

/** A tag as its page shows it, with its id. */
export type IndexedTag = { [K in keyof TagDetail]: TagDetail[K] } & { id: number };

/** Every product and tag, with the orders lists walk through (those not depending on the time kept sorted). */
class CatalogState {
  readonly products = new Map<number, ListedProduct>();
  readonly bySlug = new Map<string, ListedProduct>();
  readonly tags = new Map<number, IndexedTag>();
  readonly tagsBySlug = new Map<string, IndexedTag>();
  orders: Record<'price' | 'popular' | 'new' | 'magicWhenStale' | 'launched', ListedProduct[]> = {
    price: [], popular: [], new: [], magicWhenStale: [], launched: [],
  };
  private magicAt?: { now: number; order: ListedProduct[] };

  putProduct(p: ListedProduct): void {
    this.removeProduct(p.id);
    this.products.set(p.id, p);
    this.bySlug.set(p.slug, p);
  }

  removeProduct(id: number): void {
    const old = this.products.get(id);
    if (!old) return;
    this.products.delete(id);
    if (this.bySlug.get(old.slug) === old) this.bySlug.delete(old.slug);
  }

  putTag(tag: IndexedTag): void {
    this.removeTag(tag.id);
    this.tags.set(tag.id, tag);
    this.tagsBySlug.set(tag.slug, tag);
  }

  removeTag(id: number): void {
    const old = this.tags.get(id);
    if (!old) return;
    this.tags.delete(id);
    if (this.tagsBySlug.get(old.slug) === old) this.tagsBySlug.delete(old.slug);
  }

  /** Sorts the orders again after the products changed. */
  sort(): void {
    const all = [...this.products.values()];
    this.orders = {
      price: byPrice(all),
      popular: [...all].sort(ORDERS.popular),
      new: [...all].sort(ORDERS.new),
      // Past 90 days a product's freshness is 0, so its score no longer moves with the time.
      magicWhenStale: [...all].sort(magicOrder((p) => magicScore(p, 0))),
      launched: all.sort((a, b) => b.launchedAt - a.launchedAt),
    };
    this.magicAt = undefined;
  }

  /**
   * The magic order at `now` (seconds since 1970): the products still fresh (launched within 90 days, found from
   * the newest on) are scored for this moment and merged into the presorted order of the others.
   */
  magic(now: number): ListedProduct[] {
    if (this.magicAt?.now === now) return this.magicAt.order;
    const fresh = new Map<ListedProduct, number>();
    for (const p of this.orders.launched) {
      const term = freshness(p, now);
      if (term <= 0) break;
      fresh.set(p, magicScore(p, term));
    }
    let order = this.orders.magicWhenStale;
    if (fresh.size) {
      const compare = magicOrder((p) => fresh.get(p) ?? magicScore(p, 0));
      const scored = [...fresh.keys()].sort(compare);
      const stale = order.filter((p) => !fresh.has(p));
      order = [];
      let i = 0;
      let j = 0;
      while (i < scored.length || j < stale.length) {
        if (j === stale.length || (i < scored.length && compare(scored[i], stale[j]) < 0)) order.push(scored[i++]);
        else order.push(stale[j++]);
      }
    }
    this.magicAt = { now, order };
    return order;
  }
}

/**
 * The "price" order where pack sizes differ: in stock first, then by the contracts' price order (per gram where the
 * pack's weight is known, then the pack price), a product without a price last, then the id. Each product's price per
 * gram is worked out once per sort.
 */
function byPrice(all: ListedProduct[]): ListedProduct[] {
  const keys = new Map<ListedProduct, PriceOrderKey | null>(all.map((p) => [
    p, p.price === null ? null : { price: p.price, perGram: unitPrices(p.price, p.product, p.dosage).perGram },
  ]));
  return [...all].sort((a, b) => {
    const ka = keys.get(a)!;
    const kb = keys.get(b)!;
    return Number(b.inStock) - Number(a.inStock)
      || (ka === null || kb === null ? Number(ka === null) - Number(kb === null) : comparePriceOrder(ka, kb))
      || a.id - b.id;
  });
}

type ListedRow = {
  id: number;
  slug: string;
  type: string;
  cannabis_type: string | null;
  dosage: string | null;
  company: string | null;
  family: string | null;
  thc: number | null;
  cbd: number | null;
  estimated_price: number | null;
  min_price: number | null;
  pharm_count: number;
  best_discount_pct: number | null;
  popularity: number;
  is_popular: boolean;
  is_new: boolean;
  launched_at: number;
  tag_ids: number[];
  product: ProductRecord;
};

const listedProducts = (where: SQL) => sql`SELECT p.id, p.slug, p.type::text AS type, p.cannabis_type::text AS cannabis_type,
    p.thc_cbd_dosage AS dosage, p.company, p.family, p.thc, p.cbd, p.estimated_price, s.min_price, coalesce(s.pharm_count, 0) AS pharm_count,
    s.best_discount_pct, p.popularity, p.is_popular, p.is_new, date_part('epoch', p.launched_at) AS launched_at,
    array(SELECT pt.tag_id FROM catalog.product_tags pt WHERE pt.product_id = p.id) AS tag_ids,
    ${PRODUCT_JSON} AS product
  FROM ${PRODUCTS_WITH_STATS} WHERE ${where}`;

const toListed = (r: ListedRow): ListedProduct => {
  const product = toProduct(r.product);
  return {
    id: r.id,
    slug: r.slug,
    product,
    card: productCard(product),
    type: r.type,
    cannabisType: r.cannabis_type,
    dosage: r.dosage,
    company: r.company,
    family: r.family,
    thc: r.thc,
    cbd: r.cbd,
    price: r.min_price ?? r.estimated_price,
    inStock: r.pharm_count > 0,
    popularity: r.popularity,
    isPopular: r.is_popular,
    launchedAt: r.launched_at,
    ...scoreTerms({
      popularity: r.popularity, isPopular: r.is_popular, isNew: r.is_new, bestDiscountPct: r.best_discount_pct,
      minPrice: r.min_price, estimatedPrice: r.estimated_price, pharmCount: r.pharm_count,
    }),
    tagIds: new Set(r.tag_ids),
  };
};

const TAG_COLUMNS = sql`SELECT id, slug, name, title, seo_title AS "seoTitle", seo_description AS "seoDescription" FROM catalog.tags`;

/** Terms whose matching products are kept; each entry is at most one id per product. */
const MAX_SEARCHES = 256;

const keysOf = (changes: Changes, entity: string): string[] => [...(changes.get(entity) ?? [])];

/**
 * Catalog's products and tags in memory, for the product lists, tag pages, related and latest products: loaded at
 * start, kept current from the catalog schema's change feed (products, their tags and statistics, tags, search
 * words), PostgreSQL staying the source of truth. A list is one pass over a presorted order; only a search term
 * asks PostgreSQL (its trigram match) for the ids it matches, kept until a product or the dictionary changes.
 */
@Injectable()
export class ProductIndex implements OnModuleInit, OnModuleDestroy {
  private readonly live: LiveIndex<CatalogState>;
  private readonly searches = new Map<string, Promise<ReadonlySet<number>>>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PG_POOL) pool: Pool,
    @Inject(LOGGER) logger: Logger,
    @Inject(PROBES) probes: ProcessProbes,
  ) {
    const log = logger.child({ index: 'products' });
    this.live = new LiveIndex(new ChangeFeed(pool, 'catalog', log), { loadAll: () => this.loadAll(), apply: (state, changes) => this.apply(state, changes) }, log);
    probes.watchIndex('products', () => this.live.ageSeconds());
  }

  async onModuleInit(): Promise<void> {
    await this.live.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.live.stop();
  }

  /** Grows with every change the index brings in (of any catalog table with a change trigger): the read cache keys on it. */
  async version(): Promise<number> {
    await this.live.current();
    return this.live.version;
  }

  async list(options: ProductListOptions): Promise<ProductListResult> {
    const state = await this.live.current();
    const matching = await this.matching(options.filters.search);
    const ordered = options.sortBy === 'magic' ? state.magic(options.now.getTime() / 1000) : state.orders[options.sortBy];
    return listProducts(ordered, options, matching);
  }

  /** Products like the one of `slug` (see `relatedProducts`); undefined when there is no such product. */
  async related(slug: string, size: number): Promise<Product[] | undefined> {
    const state = await this.live.current();
    const target = state.bySlug.get(slug);
    return target && relatedProducts(state.products.values(), target, size);
  }

  /** The newest products on the market, those in stock first. */
  async latest(limit: number): Promise<Product[]> {
    return (await this.live.current()).orders.new.slice(0, limit).map((p) => p.product);
  }

  async tag(slug: string): Promise<IndexedTag | undefined> {
    return (await this.live.current()).tagsBySlug.get(slug);
  }

  private async loadAll(): Promise<CatalogState> {
    const [products, tags] = await Promise.all([this.db.execute<ListedRow>(listedProducts(sql`TRUE`)), this.db.execute<IndexedTag>(TAG_COLUMNS)]);
    const state = new CatalogState();
    for (const row of products.rows) state.putProduct(toListed(row));
    for (const tag of tags.rows) state.putTag(tag);
    state.sort();
    this.searches.clear();
    return state;
  }

  /**
   * Reads the changed products again, with their variants' families (a variant shows its siblings' names), and
   * the products whose statistics changed, and the changed tags; then puts them in the state in one go.
   */
  private async apply(state: CatalogState, changes: Changes): Promise<void> {
    const ids = keysOf(changes, 'product').map(Number);
    const slugs = keysOf(changes, 'stats');
    const tagIds = keysOf(changes, 'tag').map(Number);
    const families = ids.map((id) => state.products.get(id)?.family).filter((f): f is string => !!f);
    const [products, tags] = await Promise.all([
      ids.length || slugs.length
        ? this.db.execute<ListedRow>(listedProducts(sql`p.id = ANY(${sql.param(ids)}::int[]) OR p.slug = ANY(${sql.param(slugs)}::text[]) OR p.family = ANY(${sql.param(families)}::text[])
            OR p.family IN (SELECT family FROM catalog.products WHERE id = ANY(${sql.param(ids)}::int[]))`))
        : undefined,
      tagIds.length ? this.db.execute<IndexedTag>(sql`${TAG_COLUMNS} WHERE id = ANY(${sql.param(tagIds)}::int[])`) : undefined,
    ]);
    for (const id of ids) state.removeProduct(id);
    for (const row of products?.rows ?? []) state.putProduct(toListed(row));
    for (const id of tagIds) state.removeTag(id);
    for (const tag of tags?.rows ?? []) state.putTag(tag);
    if (products) state.sort();
    // A product's search text or the typo dictionary may have changed what a term matches.
    if (ids.length || changes.has('word')) this.searches.clear();
  }

  /** The ids of the products matching a search term (PostgreSQL's trigram match), or undefined without a term. */
  private matching(search: string | undefined): Promise<ReadonlySet<number>> | undefined {
    const forms = searchForms(search);
    if (!forms) return undefined;
    const key = JSON.stringify(forms);
    const kept = this.searches.get(key);
    if (kept) return kept;
    const found = this.db
      .execute<{ id: number }>(sql`SELECT p.id FROM catalog.products p WHERE ${searchMatch(sql`p.search_text`, forms)}`)
      .then(({ rows }) => new Set(rows.map((r) => r.id)));
    this.searches.set(key, found);
    if (this.searches.size > MAX_SEARCHES) this.searches.delete(this.searches.keys().next().value!);
    found.catch(() => { if (this.searches.get(key) === found) this.searches.delete(key); });
    return found;
  }
}

import type { Product, ProductCard, Tag, TagDetail } from '../catalog/product';

export interface Paged {
  perPage: number;
  total: number;
  currentPage: number;
}

export interface FacetCount {
  value: string;
  count: number;
}

/** Facets counted over the filtered set, each ignoring its own filter. */
export interface FiltersData {
  types: FacetCount[];
  cannabisTypes: FacetCount[];
  dosages: FacetCount[];
  companies: FacetCount[];
  /** Shekels, over the set filtered by everything but the price range. */
  priceRange: { min: number; max: number } | null;
  /** Pharmacy lists: how many pharmacies lie within each distance (km) of the caller. */
  distances?: FacetCount[];
}

export interface ProductListResponse extends Paged {
  products: ProductCard[];
  filtersData: FiltersData;
}

export const PHARM_SHIPPING = ['free', 'free-all-country', 'paid', 'paid-all-country', 'no-shipping'] as const;
export type PharmShipping = (typeof PHARM_SHIPPING)[number];

export interface OpeningSlot {
  /** HH:mm, Israel time. */
  opensAt: string;
  closesAt: string;
}

/** Weekday 0 (Sunday) to 6 (Saturday) → slots. */
export type OpeningHours = Record<string, OpeningSlot[]>;

export interface Pharm {
  name: string;
  slug: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
  /** Kilometres from the caller's position, when given. */
  distance: number | null;
  phoneNumber: string | null;
  whatsappNumber: string | null;
  wazeAddress: string | null;
  logo_url: string | null;
  isOpen: boolean;
  /**
   * When a closed pharmacy next opens, in milliseconds since the epoch (a number: 100 comparison rows stay under
   * 40 kB), as of the answer's moment; null when it is open now or has no hours.
   */
  nextOpening: number | null;
  isOnboard: boolean;
  isStockOnly: boolean;
  shipping: PharmShipping;
  shipmentNotes: string | null;
  openingHours: OpeningHours;
  tags: Tag[];
  seoTitle: string | null;
  seoDescription: string | null;
  updatedAt: string;
}

export interface PharmProduct {
  id: number;
  pharmProductId: number;
  /** Shekels. */
  totalPrice: number;
  originalPrice: number | null;
  /** round(100 × (1 − price ÷ original)); 0 without a discount. */
  discountPercent: number;
  /** False also while the offer is stale (not confirmed within `OFFER_STALE_AFTER_HOURS` at the request's moment). */
  inStock: boolean;
  /**
   * When the price and stock were last confirmed (the pharmacy's edit or confirm, or the partner feed), in milliseconds
   * since the epoch (a number: 100 comparison rows stay under 40 kB).
   */
  confirmedAt: number;
  /** Not confirmed lately: shown as 'לא אושר לאחרונה', never as in stock. */
  stale: boolean;
  published: boolean;
  expiresAt: string | null;
  isPopular: boolean;
  isNew: boolean;
  product: PharmProductProduct;
  pharm: Pharm;
}

/** The product as pharm knows it (its read model of catalog). */
export interface PharmProductProduct {
  slug: string;
  name: string;
  shortName: string | null;
  type: string;
  imageUrl: string | null;
  /** The pack (e.g. 10 'גרם'): with the price and dosage it gives the unit prices (`unitPrices`). */
  sizeQuantity: number | null;
  sizeUnit: string | null;
  info: { hebName: string; engName: string; company: string | null; cannabisType: string | null; thccbdDosage: string | null };
}

/** A pharmacy as a comparison row draws it. */
export type ComparisonPharm = Pick<Pharm, 'slug' | 'name' | 'city' | 'logo_url' | 'isOpen' | 'nextOpening' | 'shipping' | 'distance'>;

/**
 * One pharmacy's offer of the compared product (a pharmacy offers a product once, so it is named once per answer). The
 * comparison lists in-stock offers only (a stale offer is never in stock), so a row carries no stock or `stale` flag,
 * and its discount follows from its prices (`discountPercent`): 100 rows stay under 40 kB.
 */
export interface ComparisonOffer extends Pick<PharmProduct, 'id' | 'totalPrice' | 'originalPrice' | 'confirmedAt'> {
  pharm: ComparisonPharm;
  /** Issue 31: the price before it dropped within the last PRICE_DROP_MARK_DAYS days (shekels), while the price is still under it; absent otherwise (a full page stays small). */
  priceDroppedFrom?: number;
}

/** `pharm.comparison.list`: where one product can be bought (`GET /api/products/{slug}/pharm-products`), the product said once. */
export interface ComparisonResponse {
  product: PharmProductProduct;
  offers: ComparisonOffer[];
}

export interface PharmListResponse extends Paged {
  pharms: Pharm[];
  filtersData: Pick<FiltersData, 'distances'>;
}

export interface PharmProductListResponse extends Paged {
  pharmProducts: PharmProduct[];
  filtersData: FiltersData;
}

export interface PharmProductDetailResponse {
  pharmProduct: PharmProduct;
  pharmProductVariants: PharmProduct[];
  shipments: Shipment[];
  tags: Tag[];
}

export interface Slide {
  placement: number;
  type: 'pharmProductsQuery' | 'image';
  template: string | null;
  templateData: { title?: string; backgroundColor?: string } | null;
  pharmProducts: PharmProduct[];
  imageUrl: string | null;
}

export interface Announcement {
  content: string;
}

export interface PharmDetailResponse {
  pharm: Pharm;
  announcements: Announcement[];
}

/** A pharmacy's published shipment: each pricing row from `quantity` (shekels, or items by its own quantityType) costs `amount` shekels. */
export interface Shipment {
  id: number;
  pricings: { quantityType: 'min-total-price' | 'min-items-count'; quantity: number; amount: number }[];
  addresses: { type: 'country' | 'district' | 'city'; displayText: string }[];
}

export interface Location {
  id: number;
  parentId: number | null;
  type: 'country' | 'district' | 'city';
  displayText: string;
}

/** A pharmacy as catalog knows it (its read model of pharm), for search suggestions. */
export interface PharmSummary {
  slug: string;
  name: string;
  city: string;
  address: string;
  logo_url: string | null;
}

export type SearchResult = { type: 'product'; data: Product } | { type: 'pharm'; data: PharmSummary };

export interface SearchResponse {
  total: number;
  results: SearchResult[];
}

export interface FooterLink {
  label: string;
  url: string;
  newWindow: boolean;
  children: FooterLink[];
}

export interface LayoutResponse {
  latestProducts: Product[];
  footerLinks: FooterLink[];
}

export const FAQ_CATEGORIES = ['regulatory', 'commercial', 'educational'] as const;

export interface FaqItem {
  id: number;
  category: (typeof FAQ_CATEGORIES)[number];
  question: string;
  answer: string;
  medicalDisclaimer: boolean;
}

export interface SocialGroup {
  id: number;
  region: string;
  city: string | null;
  category: string | null;
  dosage: string | null;
  discountPercent: number | null;
  /** Shekels. */
  priceCap: number | null;
  url: string;
}

/** A tag page: `total` and `perPage` count its products; `pharmsTotal` its pharmacies (same page number). */
export interface TagResponse {
  tag: TagDetail;
  products: ProductCard[];
  pharms: Pharm[];
  pharmsTotal: number;
  total: number;
  perPage: number;
  currentPage: number;
}

/** A page search engines should know, by slug, with when its content last changed. */
export interface SitemapEntry {
  slug: string;
  /** ISO time; null where the service does not track it. */
  updatedAt: string | null;
}

/** `catalog.sitemap.get`. */
export interface CatalogSitemap {
  products: SitemapEntry[];
  tags: SitemapEntry[];
}

/** `pharm.sitemap.get`. */
export interface PharmSitemap {
  pharms: SitemapEntry[];
}

export const CANNABIS_TYPES = ['sativa', 'indica', 'hybrid'] as const;
export type CannabisType = (typeof CANNABIS_TYPES)[number];

export const PESTICIDE_METHODS = ['organic', 'chemical', 'biological', 'no'] as const;
export const MICROBIAL_LOADS = ['cold_plasma', 'ozone_reduced', 'beta_irradiation'] as const;
export const MOISTURE_TESTS = ['lod', 'karl_fischer'] as const;

export interface ProductInfo {
  hebName: string;
  engName: string;
  company: string | null;
  /** The company's slug (issue 29: companies are catalogue records); null when the product has none. */
  companySlug?: string | null;
  cannabisType: CannabisType | null;
  /** T{n}/C{n}. */
  thccbdDosage: string | null;
  effects: string[];
  tastes: string[];
  terpenes: string[];
  originCountry: string | null;
  sterilizationMethod: string | null;
  growingFacility: string | null;
  /** Comma-separated parents. */
  originSpecie: string | null;
  pesticideMethod: (typeof PESTICIDE_METHODS)[number] | null;
  microbialLoad: (typeof MICROBIAL_LOADS)[number] | null;
  moistureTest: (typeof MOISTURE_TESTS)[number] | null;
}

export interface ProductMedia {
  isPrimary: boolean;
  type: 'image' | 'video';
  url: string;
}

export interface ProductVariant {
  slug: string;
  name: string;
  short_name: string | null;
  imageUrl: string | null;
}

export interface Product {
  name: string;
  slug: string;
  shortName: string | null;
  /** Product form: flower, oil or pre-roll (the lists' `types`). */
  type: string;
  imageUrl: string | null;
  media: ProductMedia[];
  sizeQuantity: number | null;
  sizeUnit: string | null;
  /** Shekels; a typical price when no pharmacy lists the product. */
  estimated_price: number | null;
  /** The licensed-data partner's id of the product (spec §3 Product), or null when the partner has none. */
  yarpaProductId: string | null;
  /** Shekels, over published pharm products in stock; null when none. */
  priceRange: { min: number; max: number } | null;
  /** Pharmacies with the product published and in stock. */
  pharmProductsCount: number;
  maxExpiresAt: string | null;
  isPopular: boolean;
  isNew: boolean;
  variants: ProductVariant[];
  info: ProductInfo;
  /**
   * The cannabis company's own report of its supply (issue 29), when it is not plainly available: the product page says
   * 'היצרן מדווח על מחסור עד 12/01'. Null when the company reports none, or reports the product available.
   */
  supply?: import('../company').ProductSupply | null;
}

/**
 * A product as a card in a list draws it (the product list and the tag pages answer these, a third of the whole
 * product's bytes): names, image, form, pack size, prices, stock count, badges, the chips' type and dosage, the company.
 */
export interface ProductCard extends Pick<Product, (typeof CARD_FIELDS)[number]> {
  info: Pick<ProductInfo, (typeof CARD_INFO_FIELDS)[number]>;
}
const CARD_FIELDS = ['name', 'slug', 'shortName', 'type', 'imageUrl', 'sizeQuantity', 'sizeUnit', 'estimated_price', 'priceRange', 'pharmProductsCount', 'isPopular', 'isNew'] as const;
const CARD_INFO_FIELDS = ['hebName', 'engName', 'company', 'companySlug', 'cannabisType', 'thccbdDosage'] as const;

const pick = <T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> => {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) picked[key] = from[key];
  return picked;
};

/** The card of a product. */
export const productCard = (product: Product): ProductCard => ({ ...pick(product, CARD_FIELDS), info: pick(product.info, CARD_INFO_FIELDS) });

export interface Tag {
  name: string;
  slug: string;
}

export interface TagDetail extends Tag {
  title: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
}

/** Response of `catalog.product.get` and of `GET /api/products/{slug}`. */
export interface ProductDetailResponse {
  product: Product;
  tags: Tag[];
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A partner's product id as the catalogue keeps it (the demo's look like `YRP-123456`): printable, no spaces, at most 64. */
export const YARPA_PRODUCT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

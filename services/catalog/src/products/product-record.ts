import {
  agorotToShekels,
  type Product, type ProductInfo, type ProductSupply, type ProductVariant,
} from '@mc/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** Where a product's generated image is served (the gateway answers it from `catalog.media.get`). */
export const productImageUrl = (slug: string): string => `/media/products/${slug}.svg`;

/**
 * A product as one JSON value, read from `catalog.products p` left-joined to `catalog.product_stats s`
 * (its offer statistics) plus its variants: every read (list, detail, related, tag page, search,
 * layout) selects products through this one projection and maps them with `toProduct`.
 */
export const PRODUCT_JSON: SQL = sql.raw(`json_build_object(
  'slug', p.slug, 'name', p.name, 'shortName', p.short_name, 'type', p.type, 'imageUrl', p.image_url, 'media', p.media,
  'sizeQuantity', p.size_quantity, 'sizeUnit', p.size_unit, 'estimatedPrice', p.estimated_price, 'yarpaProductId', p.yarpa_product_id,
  'minPrice', s.min_price, 'maxPrice', s.max_price, 'pharmCount', coalesce(s.pharm_count, 0), 'maxExpiresAt', s.max_expires_at,
  'isPopular', p.is_popular, 'isNew', p.is_new,
  'hebName', p.heb_name, 'engName', p.eng_name, 'company', p.company, 'companySlug', p.company_slug, 'cannabisType', p.cannabis_type, 'dosage', p.thc_cbd_dosage,
  'effects', p.effects, 'tastes', p.tastes, 'terpenes', p.terpenes, 'originCountry', p.origin_country,
  'sterilizationMethod', p.sterilization_method, 'growingFacility', p.growing_facility, 'originSpecie', p.origin_specie,
  'pesticideMethod', p.pesticide_method, 'microbialLoad', p.microbial_load, 'moistureTest', p.moisture_test,
  'variants', CASE WHEN p.family IS NULL THEN '[]'::json ELSE (
    SELECT coalesce(json_agg(json_build_object('slug', v.slug, 'name', v.name, 'short_name', v.short_name, 'imageUrl', v.image_url) ORDER BY v.slug), '[]'::json)
    FROM catalog.products v WHERE v.family = p.family AND v.id <> p.id) END,
  'supply', (SELECT json_build_object('state', ps.state, 'until', ps.until, 'units', ps.units, 'updatedAt', ps.updated_at)
    FROM catalog.product_supply ps WHERE ps.product_id = p.id AND ps.state <> 'available')
)`);

/** `catalog.products p` with its statistics `s`. */
export const PRODUCTS_WITH_STATS: SQL = sql.raw('catalog.products p LEFT JOIN catalog.product_stats s ON s.product_slug = p.slug');

/** PRODUCT_JSON's value: the product's own facts as the API's `ProductInfo` has them, the dosage under its column's name. */
export interface ProductRecord
  extends Omit<ProductInfo, 'thccbdDosage'>, Pick<Product, 'slug' | 'name' | 'shortName' | 'type' | 'imageUrl' | 'media' | 'sizeQuantity' | 'sizeUnit'> {
  estimatedPrice: number | null;
  yarpaProductId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  pharmCount: number;
  maxExpiresAt: string | null;
  isPopular: boolean;
  isNew: boolean;
  /** `thccbdDosage`, by its column's name. */
  dosage: string | null;
  variants: ProductVariant[];
  /** The company's report when it is not `available` (see `Product.supply`). */
  supply: ProductSupply | null;
}

const isoOrNull = (value: string | null): string | null => (value ? new Date(value).toISOString() : null);

/** A product as the API shows it: money in shekels, price range and count over in-stock offers. */
export function toProduct(r: ProductRecord): Product {
  return {
    name: r.name,
    slug: r.slug,
    shortName: r.shortName,
    type: r.type,
    imageUrl: r.imageUrl,
    media: r.media,
    sizeQuantity: r.sizeQuantity,
    sizeUnit: r.sizeUnit,
    estimated_price: r.estimatedPrice === null ? null : agorotToShekels(r.estimatedPrice),
    yarpaProductId: r.yarpaProductId,
    priceRange: r.minPrice === null || r.maxPrice === null ? null : { min: agorotToShekels(r.minPrice), max: agorotToShekels(r.maxPrice) },
    pharmProductsCount: r.pharmCount,
    maxExpiresAt: isoOrNull(r.maxExpiresAt),
    isPopular: r.isPopular,
    isNew: r.isNew,
    variants: r.variants,
    supply: r.supply && { ...r.supply, updatedAt: new Date(r.supply.updatedAt).toISOString() },
    info: {
      hebName: r.hebName,
      engName: r.engName,
      company: r.company,
      companySlug: r.companySlug ?? null,
      cannabisType: r.cannabisType,
      thccbdDosage: r.dosage,
      effects: r.effects,
      tastes: r.tastes,
      terpenes: r.terpenes,
      originCountry: r.originCountry,
      sterilizationMethod: r.sterilizationMethod,
      growingFacility: r.growingFacility,
      originSpecie: r.originSpecie,
      pesticideMethod: r.pesticideMethod,
      microbialLoad: r.microbialLoad,
      moistureTest: r.moistureTest,
    },
  };
}

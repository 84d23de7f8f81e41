import type { CannabisType, Tag } from '../catalog/product';

/** `evt.catalog.product.changed`: the product as other services may copy it (pharm's read model). */
export interface ProductChangedEvent {
  product: {
    slug: string;
    name: string;
    shortName: string | null;
    type: string;
    imageUrl: string | null;
    hebName: string;
    engName: string;
    company: string | null;
    cannabisType: CannabisType | null;
    thccbdDosage: string | null;
    family: string | null;
    isPopular: boolean;
    isNew: boolean;
    tags: Tag[];
    /**
     * Agorot: the catalogue's typical price, or null when it has none. What an offer priced 0 in the back office
     * costs (pharm's catalogue-priced offers follow it). Events published before it existed lack it: unknown, not null.
     */
    estimatedPrice?: number | null;
    /** The pack (e.g. 10 'גרם'); events published before they existed lack them (unknown). */
    sizeQuantity?: number | null;
    sizeUnit?: string | null;
  };
  deleted: boolean;
}

/** One pharmacy's offer of one product, as catalog copies it; money in agorot. */
export interface OfferSnapshot {
  pharmProductId: number;
  productSlug: string;
  pharmSlug: string;
  price: number;
  originalPrice: number | null;
  inStock: boolean;
  published: boolean;
  expiresAt: string | null;
  deleted: boolean;
}

/** `evt.pharm.offers.changed`: a batch of changed offers (one pharmacy's at a time keeps it under NATS's 1 MB). */
export interface OffersChangedEvent {
  offers: OfferSnapshot[];
}

/** `evt.pharm.pharm.changed`: the pharmacy as catalog copies it for search. */
export interface PharmChangedEvent {
  pharm: { slug: string; name: string; city: string; address: string; logoUrl: string | null };
  deleted: boolean;
}

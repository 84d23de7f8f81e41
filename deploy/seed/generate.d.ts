/** The demo or fixture data set as deploy/seed/generate.js writes it (the fields the tests read). */
export interface SeedData {
  catalog: {
    products: { slug: string; name: string; tags: string[]; yarpaProductId: string; estimatedPrice: number }[];
    tags: { slug: string; name: string }[];
  };
  pharm: {
    pharmacies: {
      slug: string; name: string; address: string; city: string; tags: string[]; isOnboard: boolean; isStockOnly: boolean;
      /** The licensed-data partner's code; null when the pharmacy is not partner-synced. */
      partnerCode: string | null;
      offers: { id: number; productSlug: string; inStock: boolean; published: boolean; expiresAt: string; isYarpaLocked: boolean }[];
    }[];
  };
}
export function generate(volume: 'demo' | 'fixtures'): SeedData;
export function seededRandom(seed: number): () => number;

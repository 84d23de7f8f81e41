/** The demo or fixture data set as deploy/seed/generate.js writes it (the fields the tests read). */
export interface SeedData {
  catalog: {
    companies: { slug: string; name: string; licenceNumber: string }[];
    products: { slug: string; name: string; company: string; companySlug: string; tags: string[]; yarpaProductId: string; estimatedPrice: number }[];
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

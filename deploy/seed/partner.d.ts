/** What the licensed-data partner knows of the data set (deploy/seed/partner.js). */
export interface PartnerUniverse {
  /** The partner-synced pharmacies: the partner's code and the pharmacy's slug. */
  pharmacies: { code: string; slug: string }[];
  /** Every catalogue product: the partner's id, the product's slug and its estimated price in agorot. */
  products: { id: string; slug: string; price: number }[];
}
export function partnerUniverse(volume: 'demo' | 'fixtures'): PartnerUniverse;

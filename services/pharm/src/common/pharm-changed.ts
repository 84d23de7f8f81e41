import type { PharmChangedEvent, PharmState } from '@mc/contracts';

/**
 * `evt.pharm.pharm.changed` of a pharmacy as stored now: catalog's copy (its search suggestions and the products'
 * pharmacy counts and prices) holds only live pharmacies, so one onboarding or suspended is told as deleted, and told
 * again (not deleted) when it is made live.
 */
export function pharmChanged(
  pharm: { slug: string; name: string; city: string; address: string; logoUrl: string | null; state: PharmState },
  removed = false,
): PharmChangedEvent {
  return {
    pharm: { slug: pharm.slug, name: pharm.name, city: pharm.city, address: pharm.address, logoUrl: pharm.logoUrl },
    deleted: removed || pharm.state !== 'live',
  };
}

import { Inject, Injectable } from '@nestjs/common';
import { OfferIndex } from './offer-index';
import type { PharmSnapshot } from './pharm-snapshot';
import type { PharmRecord } from '../common/pharm-view';

/**
 * The pharmacies (a few hundred rows that change rarely) and what each sells, from the offer index: every list,
 * comparison and offer page needs their profile, hours and tags. A change to one pharmacy, its tags or an offer
 * is applied by key from the change feed; nothing is reloaded whole.
 */
@Injectable()
export class PharmDirectory {
  constructor(@Inject(OfferIndex) private readonly index: OfferIndex) {}

  async snapshot(): Promise<PharmSnapshot> {
    return (await this.index.current()).directory;
  }

  async bySlug(slug: string): Promise<PharmRecord | undefined> {
    return (await this.snapshot()).bySlug.get(slug);
  }
}

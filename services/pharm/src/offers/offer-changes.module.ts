import { Module } from '@nestjs/common';
import { OfferChanges } from './offer-changes';

/**
 * The offers' change writer alone: no reader and no offer index, so a process that only writes offers (the partner
 * feed's worker) stays small in memory.
 */
@Module({ providers: [OfferChanges], exports: [OfferChanges] })
export class OfferChangesModule {}

import { Module } from '@nestjs/common';
import { OfferChanges } from './offer-changes';

@Module({ providers: [OfferChanges], exports: [OfferChanges] })
export class OfferChangesModule {}

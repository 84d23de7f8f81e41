import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { SeedOffersWriter } from './seed-offers.writer';

/** The seed's offers writer (also the integration tests' way to make offers). */
@Module({ imports: [OfferChangesModule], providers: [SeedOffersWriter], exports: [SeedOffersWriter] })
export class SeedModule {}

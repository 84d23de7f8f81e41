import { Module } from '@nestjs/common';
import { OfferIndex } from './offer-index';
import { PharmDirectory } from './pharm-directory';

@Module({ providers: [OfferIndex, PharmDirectory], exports: [OfferIndex, PharmDirectory] })
export class PharmDirectoryModule {}

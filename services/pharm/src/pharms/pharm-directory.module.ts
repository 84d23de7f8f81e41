import { Module } from '@nestjs/common';
import { OfferIndex } from '../pharm-products/offer-index';
import { PharmDirectory } from './pharm-directory';

@Module({ providers: [OfferIndex, PharmDirectory], exports: [OfferIndex, PharmDirectory] })
export class PharmDirectoryModule {}

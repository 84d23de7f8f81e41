import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { PharmDirectoryModule } from '../offers/pharm-directory.module';
import { PharmProductsHandlers } from './pharm-products.handlers';
import { PharmProductsReader } from './pharm-products.reader';
import { PharmProductsWriter } from './pharm-products.writer';
import { StaleOfferSweep } from './stale-sweep';

@Module({
  imports: [PharmDirectoryModule, OfferChangesModule],
  controllers: [PharmProductsHandlers],
  providers: [PharmProductsReader, PharmProductsWriter, StaleOfferSweep],
  exports: [PharmProductsReader, StaleOfferSweep],
})
export class PharmProductsModule {}

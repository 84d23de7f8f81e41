import { Module } from '@nestjs/common';
import { PharmDirectoryModule } from '../pharms/pharm-directory.module';
import { PharmProductsHandlers } from './pharm-products.handlers';
import { PharmProductsReader } from './pharm-products.reader';
import { PharmProductsWriter } from './pharm-products.writer';
import { StaleOfferSweep } from './stale-sweep';

@Module({
  imports: [PharmDirectoryModule],
  controllers: [PharmProductsHandlers],
  providers: [PharmProductsReader, PharmProductsWriter, StaleOfferSweep],
  exports: [PharmProductsReader, PharmProductsWriter, StaleOfferSweep],
})
export class PharmProductsModule {}

import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { BusinessProductsHandlers } from './business-products.handlers';
import { BusinessProductsReader } from './business-products.reader';
import { BusinessProductsWriter } from './business-products.writer';

/** The back office's products (issue 15 item 4): reads here, every write through BusinessProductsWriter. */
@Module({
  imports: [OfferChangesModule],
  controllers: [BusinessProductsHandlers],
  providers: [BusinessProductsReader, BusinessProductsWriter],
  exports: [BusinessProductsWriter],
})
export class BusinessProductsModule {}

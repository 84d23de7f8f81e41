import { Module } from '@nestjs/common';
import { PharmProductsModule } from '../pharm-products/pharm-products.module';
import { BusinessProductsHandlers } from './business-products.handlers';
import { BusinessProductsReader } from './business-products.reader';

/** The back office's products (issue 15 item 4): reads here, every write through PharmProductsWriter. */
@Module({
  imports: [PharmProductsModule],
  controllers: [BusinessProductsHandlers],
  providers: [BusinessProductsReader],
})
export class BusinessProductsModule {}

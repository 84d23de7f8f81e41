import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { PharmDirectoryModule } from '../offers/pharm-directory.module';
import { PharmProductsModule } from '../pharm-products/pharm-products.module';
import { PharmsHandlers } from './pharms.handlers';
import { PharmsReader } from './pharms.reader';
import { PharmsWriter } from './pharms.writer';

@Module({
  imports: [PharmDirectoryModule, PharmProductsModule, OfferChangesModule],
  controllers: [PharmsHandlers],
  providers: [PharmsReader, PharmsWriter],
  exports: [PharmsReader, PharmsWriter],
})
export class PharmsModule {}

import { Module } from '@nestjs/common';
import { PharmProductsModule } from '../pharm-products/pharm-products.module';
import { PharmDirectoryModule } from './pharm-directory.module';
import { PharmsHandlers } from './pharms.handlers';
import { PharmsReader } from './pharms.reader';
import { PharmsWriter } from './pharms.writer';

@Module({
  imports: [PharmDirectoryModule, PharmProductsModule],
  controllers: [PharmsHandlers],
  providers: [PharmsReader, PharmsWriter],
  exports: [PharmsReader, PharmsWriter],
})
export class PharmsModule {}

import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module';
import { PharmDirectoryModule } from '../pharms/pharm-directory.module';
import { CartFillHandlers } from './cart-fill.handlers';
import { CartFillService } from './cart-fill.service';

@Module({
  imports: [PharmDirectoryModule, CheckoutModule],
  controllers: [CartFillHandlers],
  providers: [CartFillService],
})
export class CartFillModule {}

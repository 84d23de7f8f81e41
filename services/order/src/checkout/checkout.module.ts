import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { PiiModule } from '../pii/pii.module';
import { CheckoutHandlers } from './checkout.handlers';
import { CheckoutService } from './checkout.service';
import { OrderPlacement } from './order-placement';

/** The patient's checkout: quotes, coupons and placing the order (which the orders module then keeps). */
@Module({
  imports: [OrdersModule, PiiModule],
  controllers: [CheckoutHandlers],
  providers: [CheckoutService, OrderPlacement],
})
export class CheckoutModule {}

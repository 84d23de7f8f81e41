import { Module } from '@nestjs/common';
import { PharmDirectoryModule } from '../offers/pharm-directory.module';
import { CartFillService } from './cart-fill.service';
import { CartOffersHandlers } from './cart-offers.handlers';
import { CartOffersReader } from './cart-offers.reader';

/** Pharm's answers about a cart: its lines' offers as shown and as checkout prices them, and the pharmacies that fill it whole. */
@Module({
  imports: [PharmDirectoryModule],
  controllers: [CartOffersHandlers],
  providers: [CartOffersReader, CartFillService],
})
export class CartOffersModule {}

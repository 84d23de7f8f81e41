import { Module } from '@nestjs/common';
import { PharmProductsModule } from '../pharm-products/pharm-products.module';
import { StockHandlers } from './stock.handlers';
import { StockReservations } from './stock-reservations';

@Module({ imports: [PharmProductsModule], controllers: [StockHandlers], providers: [StockReservations], exports: [StockReservations] })
export class StockModule {}

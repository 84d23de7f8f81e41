import { Module } from '@nestjs/common';
import { OfferChangesModule } from '../offers/offer-changes.module';
import { OfferStockWriter } from './offer-stock.writer';
import { StockHandlers } from './stock.handlers';
import { StockReservations } from './stock-reservations';

@Module({ imports: [OfferChangesModule], controllers: [StockHandlers], providers: [StockReservations, OfferStockWriter], exports: [StockReservations] })
export class StockModule {}

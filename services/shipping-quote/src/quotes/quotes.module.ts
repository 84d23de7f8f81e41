import { Module } from '@nestjs/common';
import { QuotesHandlers } from './quotes.handlers';
import { QuotesService } from './quotes.service';

@Module({ controllers: [QuotesHandlers], providers: [QuotesService], exports: [QuotesService] })
export class QuotesModule {}

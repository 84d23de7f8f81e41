import { Module } from '@nestjs/common';
import { DiscountsHandlers } from './discounts.handlers';
import { DiscountsReader } from './discounts.reader';
import { DiscountsWriter } from './discounts.writer';

@Module({ controllers: [DiscountsHandlers], providers: [DiscountsReader, DiscountsWriter], exports: [DiscountsReader, DiscountsWriter] })
export class DiscountsModule {}

import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module';
import { OrderedLinesConsumer } from './ordered-lines.consumer';

/** What cart consumes: order's placed batches, whose lines leave the user's cart. */
@Module({ imports: [CartsModule], providers: [OrderedLinesConsumer] })
export class EventsModule {}

import { Module } from '@nestjs/common';
import { ReadModelConsumers } from './read-models.consumers';

/** What catalog consumes: pharm's events, projected into catalog's read models (offers, pharmacies). */
@Module({ providers: [ReadModelConsumers] })
export class EventsModule {}

import { Module } from '@nestjs/common';
import { ReadModelConsumers } from './read-models.consumers';

@Module({ providers: [ReadModelConsumers] })
export class ReadModelsModule {}

import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';
import { ReadCache } from './read-cache';

/** What every module of the service shares: the clock and the one cache of answers. */
@Global()
@Module({ providers: [Clock, ReadCache], exports: [Clock, ReadCache] })
export class CommonModule {}

import { Global, Module } from '@nestjs/common';
import { ReadCache } from './read-cache';

/** What every module of the service shares: the one cache of answers (the clock is the kit's). */
@Global()
@Module({ providers: [ReadCache], exports: [ReadCache] })
export class CommonModule {}

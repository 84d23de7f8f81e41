import { Global, Module } from '@nestjs/common';
import { Clock } from './clock';

/** Providers every aggregate shares; the Clock is one instance so tests can set the time for the whole service. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class CommonModule {}

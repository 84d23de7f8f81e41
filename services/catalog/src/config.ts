import { ServiceEnv } from '@mc/kit';
import { IsBoolean } from 'class-validator';

export class CatalogEnv extends ServiceEnv {
  /** Whether this process consumes pharm's events into the read models (the seed's process does not). */
  @IsBoolean()
  CONSUME_EVENTS = true;
}

import { ServiceEnv } from '@mc/kit';
import { IsInt, Max, Min } from 'class-validator';

export class PharmEnv extends ServiceEnv {
  /** How often offers gone stale are told to catalog as out of stock (0: never; the integration tests sweep by hand). */
  @IsInt() @Min(0) @Max(3_600_000)
  STALE_SWEEP_MS = 60_000;
}

import { ServiceEnv } from '@mc/kit';
import { IsInt, Max, Min } from 'class-validator';

export class PharmEnv extends ServiceEnv {
  /** How often offers gone stale are told to catalog as out of stock (0: never; the integration tests sweep by hand). */
  @IsInt() @Min(0) @Max(3_600_000)
  STALE_SWEEP_MS = 60_000;

  /**
   * How often reservations left held (order took the units, then neither placed the batch nor released it: it stopped
   * in between) are given back, once older than STOCK_HOLD_MS (0: never; the integration tests sweep by hand).
   */
  @IsInt() @Min(0) @Max(3_600_000)
  STOCK_HOLD_SWEEP_MS = 60_000;

  /** How long a reservation may stay held before the sweep gives its units back (far above order's checkout). */
  @IsInt() @Min(60_000) @Max(86_400_000)
  STOCK_HOLD_MS = 15 * 60_000;
}

import { Injectable } from '@nestjs/common';

/**
 * Where a service reads "now": every time-based rule (what is open now, the freshness of an order, link and code
 * expiry, token times, key rotation) asks it instead of `new Date()`, so a test can set or move the time of the
 * whole service (`TestClock` in `@mc/kit/testing`) instead of waiting. One instance per service, from the kit.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  /** Milliseconds since the epoch. */
  millis(): number {
    return this.now().getTime();
  }

  /** Whole seconds since the epoch (token times). */
  seconds(): number {
    return Math.floor(this.millis() / 1000);
  }
}

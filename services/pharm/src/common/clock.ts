import { Injectable } from '@nestjs/common';

/**
 * Where the service reads "now" (open now, active announcements, the magic sort's freshness, write
 * times). One provider, so integration tests can set the time of day in Israel without touching the code
 * they test.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

import { Injectable } from '@nestjs/common';

/** The time reads are evaluated at (the freshness of the default order); tests may replace it. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

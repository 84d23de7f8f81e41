import { Clock } from './clock';

/**
 * A clock a test sets and moves: it follows the real time until `set` or `advance`, then stays where it was put
 * (time does not pass by itself) until it is moved again or `reset` to the real time.
 */
export class TestClock extends Clock {
  private fixed?: number;

  override now(): Date {
    return new Date(this.fixed ?? Date.now());
  }

  set(at: Date | string | number): void {
    this.fixed = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.fixed = (this.fixed ?? Date.now()) + ms;
  }

  reset(): void {
    this.fixed = undefined;
  }
}

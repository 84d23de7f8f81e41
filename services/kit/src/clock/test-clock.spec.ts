import { Clock } from './clock';
import { TestClock } from './test-clock';

describe('TestClock', () => {
  it('follows the real time until set, then stays and moves only when told', () => {
    const clock = new TestClock();
    expect(clock).toBeInstanceOf(Clock);
    expect(Math.abs(clock.millis() - Date.now())).toBeLessThan(1000);
    clock.set('2026-11-23T10:00:00Z');
    expect(clock.now().toISOString()).toBe('2026-11-23T10:00:00.000Z');
    clock.advance(90_500);
    expect(clock.now().toISOString()).toBe('2026-11-23T10:01:30.500Z');
    expect(clock.seconds()).toBe(Date.parse('2026-11-23T10:01:30Z') / 1000);
    clock.reset();
    expect(Math.abs(clock.millis() - Date.now())).toBeLessThan(1000);
  });

  it('moves forward from the real time when advanced without being set', () => {
    const clock = new TestClock();
    const before = Date.now();
    clock.advance(3600_000);
    expect(clock.millis()).toBeGreaterThanOrEqual(before + 3600_000);
    expect(clock.millis()).toBeLessThan(Date.now() + 3600_000 + 1000);
  });
});

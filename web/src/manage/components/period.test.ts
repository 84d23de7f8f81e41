import { describe, expect, it } from 'vitest';
import { daysBetween, formatDay, isDay, isValidPeriod, periodOfDays, todayInIsrael } from './period';
import { seriesPaths } from './StockChart';

describe('the history’s periods (Israel’s calendar)', () => {
  it('ends today in Israel and counts both ends', () => {
    // 23:30 UTC on the 27th is already the 28th in Israel.
    const now = new Date('2026-11-27T23:30:00Z');
    expect(todayInIsrael(now)).toBe('2026-11-28');
    expect(periodOfDays(30, now)).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(daysBetween('2026-10-30', '2026-11-28')).toBe(30);
    expect(periodOfDays(730, now).from).toBe('2024-11-29');
  });

  it('takes real days in order, at most two years', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isValidPeriod('2026-11-01', '2026-11-28')).toBe(true);
    expect(isValidPeriod('2026-11-28', '2026-11-01')).toBe(false);
    expect(isValidPeriod('2024-11-28', '2026-11-28')).toBe(true);
    expect(isValidPeriod('2024-11-27', '2026-11-28')).toBe(false);
    expect(formatDay('2027-01-12')).toBe('12/01/2027');
  });
});

describe('the chart’s lines', () => {
  it('draws the first day at the right (right to left) and breaks where a value is missing', () => {
    const paths = seriesPaths([0, 10, null, 5], 100, 50);
    expect(paths).toEqual(['M92.0,42.0 L64.0,8.0', 'M8.0,25.0']);
    expect(seriesPaths([null, null])).toEqual([]);
  });
});

import { parseDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { dayOf, defaultPeriod, earliestEnd, endOfDayIso, isStartUnavailable, startOfDayIso } from './announcement-dates';

describe('announcement dates (spec §5, §9)', () => {
  it('keeps whole Israel days: a start at its first moment, an end at its last', () => {
    // Winter (UTC+2) and summer (UTC+3).
    expect(startOfDayIso(parseDate('2026-12-24'))).toBe('2026-12-23T22:00:00.000Z');
    expect(endOfDayIso(parseDate('2026-12-24'))).toBe('2026-12-24T21:59:59.999Z');
    expect(startOfDayIso(parseDate('2026-07-01'))).toBe('2026-06-30T21:00:00.000Z');
    expect(endOfDayIso(parseDate('2026-07-01'))).toBe('2026-07-01T20:59:59.999Z');
    expect(dayOf('2026-12-24T21:59:59.999Z')?.toString()).toBe('2026-12-24');
    expect(dayOf('2026-12-24T22:00:00.000Z')?.toString()).toBe('2026-12-25');
    expect(dayOf(null)).toBeNull();
    expect(dayOf('not a date')).toBeNull();
  });

  it('defaults to today through a month ahead, in Israel', () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Israel.
    expect(defaultPeriod(new Date('2026-11-30T23:30:00Z'))).toEqual({ startDate: '2026-11-30T22:00:00.000Z', endDate: '2027-01-01T21:59:59.999Z' });
    expect(defaultPeriod(new Date('2026-01-31T10:00:00Z'))).toEqual({ startDate: '2026-01-30T22:00:00.000Z', endDate: '2026-02-28T21:59:59.999Z' });
  });

  it('lets the end picker start at the start day, and never before 2020-01-01', () => {
    expect(earliestEnd(parseDate('2026-12-24')).toString()).toBe('2026-12-24');
    expect(earliestEnd(parseDate('2019-06-01')).toString()).toBe('2020-01-01');
    expect(earliestEnd(null).toString()).toBe('2020-01-01');
  });

  it('disables start days after the end day up to a year after it', () => {
    const end = parseDate('2026-12-24');
    expect(isStartUnavailable(parseDate('2026-12-23'), end)).toBe(false);
    expect(isStartUnavailable(parseDate('2026-12-24'), end)).toBe(false);
    expect(isStartUnavailable(parseDate('2026-12-25'), end)).toBe(true);
    expect(isStartUnavailable(parseDate('2027-12-24'), end)).toBe(true);
    expect(isStartUnavailable(parseDate('2027-12-25'), end)).toBe(false);
    expect(isStartUnavailable(parseDate('2030-01-01'), null)).toBe(false);
  });
});

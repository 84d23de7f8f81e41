import { formatSlotTime, isOpenAt, israelClock, opensOnSaturday } from './hours';
import type { OpeningHours } from '../storefront/responses';

// Israel is UTC+2 in winter (until late March) and UTC+3 in summer.
const at = (iso: string) => new Date(iso);
const weekdays: OpeningHours = {
  '0': [{ opensAt: '08:00', closesAt: '13:00' }, { opensAt: '16:00', closesAt: '20:00' }],
  '1': [{ opensAt: '08:00', closesAt: '20:00' }],
  '4': [{ opensAt: '20:00', closesAt: '02:00' }],
  '5': [{ opensAt: '08:30', closesAt: '13:30' }],
  '6': [],
};

describe('opening hours in Israel time', () => {
  it('reads the clock in Asia/Jerusalem, across the date line of UTC', () => {
    expect(israelClock(at('2026-11-22T22:30:00Z'))).toEqual({ weekday: 1, minute: 30 }); // Monday 00:30 in Israel
    expect(israelClock(at('2026-07-04T21:30:00Z'))).toEqual({ weekday: 0, minute: 30 }); // summer time, UTC+3
  });

  it('answers every instant of a minute with that minute, and the next minute with its own, across many minutes', () => {
    const start = at('2026-03-27T00:00:00Z').getTime(); // Israel moves to summer time that night
    const intl = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let i = 0; i < 2000; i++) {
      const ms = start + i * 60_000;
      const expected = intl.format(new Date(ms));
      for (const within of [0, 59_999]) {
        const clock = israelClock(new Date(ms + within));
        const [day, time] = expected.split(' ');
        const [h, m] = time.split(':').map(Number);
        expect({ i, weekday: clock.weekday, minute: clock.minute }).toEqual({ i, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(day), minute: h * 60 + m });
      }
    }
  });

  it('is open inside a slot and closed between slots and at closing time', () => {
    expect(isOpenAt(weekdays, at('2026-11-22T06:00:00Z'))).toBe(true); // Sunday 08:00
    expect(isOpenAt(weekdays, at('2026-11-22T12:00:00Z'))).toBe(false); // Sunday 14:00, the midday break
    expect(isOpenAt(weekdays, at('2026-11-22T16:00:00Z'))).toBe(true); // Sunday 18:00
    expect(isOpenAt(weekdays, at('2026-11-22T18:00:00Z'))).toBe(false); // Sunday 20:00, just closed
  });

  it('answers a slot edited in place by its new times', () => {
    const hours: OpeningHours = { '0': [{ opensAt: '08:00', closesAt: '13:00' }] };
    expect(isOpenAt(hours, at('2026-11-22T12:00:00Z'))).toBe(false); // Sunday 14:00
    hours['0'][0].closesAt = '15:00';
    expect(isOpenAt(hours, at('2026-11-22T12:00:00Z'))).toBe(true);
  });

  it('keeps a slot that runs past midnight open on the next day, and no longer', () => {
    expect(isOpenAt(weekdays, at('2026-11-26T21:59:00Z'))).toBe(true); // Thursday 23:59
    expect(isOpenAt(weekdays, at('2026-11-26T22:30:00Z'))).toBe(true); // Friday 00:30
    expect(isOpenAt(weekdays, at('2026-11-27T00:00:00Z'))).toBe(false); // Friday 02:00
    expect(isOpenAt(weekdays, at('2026-11-22T22:30:00Z'))).toBe(false); // Monday 00:30: Sunday closed at 20:00
  });

  it('follows short Friday hours and a closed Saturday', () => {
    expect(isOpenAt(weekdays, at('2026-11-27T09:00:00Z'))).toBe(true); // Friday 11:00
    expect(isOpenAt(weekdays, at('2026-11-27T12:00:00Z'))).toBe(false); // Friday 14:00
    expect(isOpenAt(weekdays, at('2026-11-28T10:00:00Z'))).toBe(false); // Saturday noon
    expect(opensOnSaturday(weekdays)).toBe(false);
    expect(opensOnSaturday({ ...weekdays, '6': [{ opensAt: '20:00', closesAt: '23:00' }] })).toBe(true);
  });

  it('shows times without seconds', () => {
    expect(formatSlotTime('08:30:00')).toBe('08:30');
    expect(formatSlotTime('8:05')).toBe('08:05');
  });
});

import { BusinessMessages } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { addSlot, draftOf, hoursErrors, NEW_SLOT, removeSlot, sameWeek, setSlot, slotList, toggleDay } from './hours-editor';

const stored = { 0: [{ opensAt: '08:00:00', closesAt: '14:00:00' }, { opensAt: '16:00', closesAt: '20:00' }], 5: [{ opensAt: '09:00', closesAt: '13:00' }] };

describe('the opening hours dialog', () => {
  it('reads the stored week, Sunday first, times without seconds, closed days empty', () => {
    const week = draftOf(stored);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual([{ opensAt: '08:00', closesAt: '14:00' }, { opensAt: '16:00', closesAt: '20:00' }]);
    expect(week[1]).toEqual([]);
    expect(week[5]).toEqual([{ opensAt: '09:00', closesAt: '13:00' }]);
  });

  it('opens a day with one slot and closes it by clearing its slots (spec 5)', () => {
    const week = draftOf(stored);
    const opened = toggleDay(week, 2, true);
    expect(opened[2]).toEqual([NEW_SLOT]);
    expect(toggleDay(opened, 2, true)).toBe(opened); // already open: unchanged
    expect(toggleDay(week, 0, false)[0]).toEqual([]);
    expect(week[0]).toHaveLength(2); // never mutated
  });

  it('adds a slot after the last one, many a day up to the limit, and removing the last slot closes the day', () => {
    let week = draftOf(stored);
    week = addSlot(week, 5);
    expect(week[5][1]).toEqual({ opensAt: '13:00', closesAt: '14:00' });
    for (let i = 0; i < 10; i++) week = addSlot(week, 5);
    expect(week[5]).toHaveLength(6);
    expect(addSlot(draftOf({}), 3)[3]).toEqual([NEW_SLOT]);
    const one = draftOf(stored);
    expect(removeSlot(removeSlot(one, 0, 0), 0, 0)[0]).toEqual([]);
    expect(removeSlot(one, 0, 0)[0]).toEqual([{ opensAt: '16:00', closesAt: '20:00' }]);
  });

  it("requires both times of every slot ('שדה חובה')", () => {
    let week = setSlot(draftOf(stored), 0, 1, { closesAt: null });
    week = setSlot(week, 5, 0, { opensAt: null });
    expect([...hoursErrors(week)]).toEqual([['0-1-closesAt', BusinessMessages.required], ['5-0-opensAt', BusinessMessages.required]]);
    expect(hoursErrors(draftOf(stored)).size).toBe(0);
  });

  it('sends the spec flat list (dayOfWeek as a string), a slot past midnight as it is', () => {
    const week = setSlot(toggleDay(draftOf(stored), 4, true), 4, 0, { opensAt: '20:00', closesAt: '02:00' });
    expect(slotList(week)).toEqual([
      { dayOfWeek: '0', opensAt: '08:00', closesAt: '14:00' },
      { dayOfWeek: '0', opensAt: '16:00', closesAt: '20:00' },
      { dayOfWeek: '4', opensAt: '20:00', closesAt: '02:00' },
      { dayOfWeek: '5', opensAt: '09:00', closesAt: '13:00' },
    ]);
  });

  it('tells a changed week from the stored one (the save button waits for a change)', () => {
    const week = draftOf(stored);
    expect(sameWeek(week, draftOf(stored))).toBe(true);
    expect(sameWeek(setSlot(week, 0, 0, { opensAt: '07:30' }), week)).toBe(false);
    expect(sameWeek(removeSlot(addSlot(week, 1), 1, 0), week)).toBe(true);
  });
});

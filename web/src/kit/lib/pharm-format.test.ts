import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNextOpening, isRecentlyUpdated, openStateText, telUrl, weekHours, whatsappUrl } from './pharm-format';

describe('pharmacy formatting', () => {
  it('shows last updated only within 3 days', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(isRecentlyUpdated('2026-11-21T12:00:00Z', now)).toBe(true);
    expect(isRecentlyUpdated('2026-11-20T11:59:00Z', now)).toBe(false);
    expect(isRecentlyUpdated('not a date', now)).toBe(false);
  });

  it('formats dates as dd/MM/yyyy HH:mm in Israel', () => {
    expect(formatDateTime('2026-11-23T11:54:15Z')).toBe('23/11/2026 13:54');
  });

  it('links WhatsApp in the +972 form and phones without separators', () => {
    expect(whatsappUrl('052-6180422')).toBe('https://wa.me/972526180422');
    expect(telUrl('03-5271840')).toBe('tel:035271840');
  });

  it('lists the week from Sunday with hours without seconds', () => {
    const week = weekHours({ '0': [{ opensAt: '08:00:00', closesAt: '14:00:00' }], '6': [] });
    expect(week[0]).toEqual({ day: 0, slots: ['08:00–14:00'] });
    expect(week[6].slots).toEqual([]);
    expect(week).toHaveLength(7);
  });

  it("says when a closed pharmacy opens again, by Israel's calendar day", () => {
    // Tuesday 2026-11-24, 14:30 in Israel (UTC+2).
    const now = new Date('2026-11-24T12:30:00Z');
    expect(formatNextOpening(Date.parse('2026-11-24T14:00:00Z'), now)).toBe('נפתח היום ב־16:00');
    expect(formatNextOpening(Date.parse('2026-11-25T07:00:00Z'), now)).toBe('נפתח מחר ב־09:00');
    expect(formatNextOpening(Date.parse('2026-11-26T07:00:00Z'), now)).toBe('נפתח ביום חמישי ב־09:00');
    // 23:30 in Israel, and it opens at 00:30 after midnight: that is tomorrow, though under an hour away.
    expect(formatNextOpening(Date.parse('2026-11-24T22:30:00Z'), new Date('2026-11-24T21:30:00Z'))).toBe('נפתח מחר ב־00:30');
    // A week on, the same weekday.
    expect(formatNextOpening(Date.parse('2026-12-01T06:00:00Z'), now)).toBe('נפתח ביום שלישי ב־08:00');
  });

  it('words the open state of a row: open, closed with its next opening, or just closed', () => {
    const now = new Date('2026-11-24T12:30:00Z');
    expect(openStateText({ isOpen: true, nextOpening: null }, now)).toBe('פתוח עכשיו');
    expect(openStateText({ isOpen: false, nextOpening: Date.parse('2026-11-24T14:00:00Z') }, now)).toBe('סגור · נפתח היום ב־16:00');
    expect(openStateText({ isOpen: false, nextOpening: null }, now)).toBe('סגור');
  });
});

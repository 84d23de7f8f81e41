import { describe, expect, it } from 'vitest';
import { formatDateTime, isRecentlyUpdated, telUrl, weekHours, whatsappUrl } from './pharm-format';

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
});

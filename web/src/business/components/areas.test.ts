import type { Location } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { areasSummary, areaTree, coveredBy, normalizeAreas, pricingSummary, toggleArea } from './areas';

const loc = (id: number, type: Location['type'], displayText: string, parentId: number | null): Location => ({ id, type, displayText, parentId });
const ISRAEL = 1, CENTER = 2, HAIFA_D = 3, NETANYA = 10, PETAH_TIKVA = 11, HAIFA = 20;
const tree = areaTree([
  loc(HAIFA, 'city', 'חיפה', HAIFA_D), loc(NETANYA, 'city', 'נתניה', CENTER), loc(ISRAEL, 'country', 'ישראל', null),
  loc(PETAH_TIKVA, 'city', 'פתח תקווה', CENTER), loc(HAIFA_D, 'district', 'חיפה', ISRAEL), loc(CENTER, 'district', 'המרכז', ISRAEL),
]);

describe('the shipment areas picker', () => {
  it('builds country → districts → cities, by Hebrew name', () => {
    expect(tree.country?.id).toBe(ISRAEL);
    expect(tree.districts.map((d) => [d.district.displayText, d.cities.map((c) => c.displayText)])).toEqual([
      ['המרכז', ['נתניה', 'פתח תקווה']],
      ['חיפה', ['חיפה']],
    ]);
  });

  it('selecting a district covers its cities: they leave the selection and show as covered', () => {
    const cities = toggleArea(tree, toggleArea(tree, [], NETANYA, true), HAIFA, true);
    expect(cities).toEqual([NETANYA, HAIFA]);
    const withDistrict = toggleArea(tree, cities, CENTER, true);
    expect(withDistrict).toEqual([HAIFA, CENTER]);
    expect(coveredBy(tree, withDistrict, NETANYA)).toBe(true);
    expect(coveredBy(tree, withDistrict, PETAH_TIKVA)).toBe(true);
    expect(coveredBy(tree, withDistrict, HAIFA)).toBe(false);
    expect(toggleArea(tree, withDistrict, CENTER, false)).toEqual([HAIFA]);
  });

  it('the whole country covers everything; clearing it leaves nothing behind', () => {
    const all = toggleArea(tree, [NETANYA, HAIFA_D], ISRAEL, true);
    expect(all).toEqual([ISRAEL]);
    expect(coveredBy(tree, all, CENTER)).toBe(true);
    expect(coveredBy(tree, all, HAIFA)).toBe(true);
    expect(toggleArea(tree, all, ISRAEL, false)).toEqual([]);
    expect(normalizeAreas(tree, [NETANYA, NETANYA, CENTER])).toEqual([CENTER]);
  });

  it('summarises areas and pricing rows as the list shows them (0: חינם; items ×10 grams)', () => {
    expect(areasSummary(['א', 'ב'])).toBe('א, ב');
    expect(areasSummary(['א', 'ב', 'ג', 'ד', 'ה'])).toBe('א, ב, ג ועוד 2');
    expect(pricingSummary({ quantityType: 'min-total-price', quantity: 0, amount: 0 })).toBe('מ-₪0: חינם');
    expect(pricingSummary({ quantityType: 'min-total-price', quantity: 300, amount: 29.9 })).toBe('מ-₪300: ₪29.90');
    expect(pricingSummary({ quantityType: 'min-items-count', quantity: 3, amount: 15 })).toBe('מ-30 גרם: ₪15');
  });
});

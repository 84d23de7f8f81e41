import { candidateRows, showsRow, targetsMet, vmHwmKb } from '../../../deploy/load/feed-bench';
import { feedParams, feedRow, type PartnerUniverse } from '../../../deploy/local/fake-partner';

/** A stand-in for deploy/seed/partner.js's partnerUniverse: 2 synced pharmacies × 5 partner products (prices in agorot). */
const UNIVERSE: PartnerUniverse = {
  pharmacies: [{ code: 'PH-001', slug: 'alpha' }, { code: 'PH-002', slug: 'beta' }],
  products: [10, 11, 12, 13, 14].map((n) => ({ id: `YP-${n}`, slug: `p${n}`, price: 15000 + n * 100 })),
};

describe("the feed bench's pure parts", () => {
  it('reads the peak RSS of /proc/<pid>/status', () => {
    expect(vmHwmKb('Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  183204 kB\nVmRSS:\t  150000 kB\n')).toBe(183204);
    expect(vmHwmKb('Name:\tnode\n')).toBeUndefined();
  });

  it("watches the feed's last rows that are the last of their pair, keep stock and set a price", () => {
    const params = feedParams({ rows: 25, at: '2026-11-28T10:00:00Z' });
    const rows = candidateRows(UNIVERSE, params);
    // 25 rows over 10 pairs: the last pass is rows 20–24, and rows 15–19 are the last of their pairs too.
    const indexes = rows.map((row) => Array.from({ length: 25 }, (_, i) => i).find((i) => JSON.stringify(feedRow(UNIVERSE, params, i)) === JSON.stringify(row))!);
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.every((i) => i >= 15)).toBe(true);
    expect(indexes).toEqual([...indexes].sort((a, b) => b - a));
    for (const row of rows) expect(row.amount > 0 && row.price !== null).toBe(true);
    expect(candidateRows(UNIVERSE, params, 2)).toHaveLength(2);
  });

  it("sees a change only with the row's price and its updated_at as the confirmation", () => {
    const row = { ...feedRow(UNIVERSE, feedParams({ rows: 1, at: '2026-11-28T10:00:00Z' }), 0), price: 12345 };
    const shown = { totalPrice: 123.45, originalPrice: null, confirmedAt: row.updatedAtMs };
    expect(showsRow(shown, row)).toBe(true);
    expect(showsRow({ ...shown, totalPrice: 111.1, originalPrice: 123.45 }, row)).toBe(true);
    expect(showsRow({ ...shown, confirmedAt: row.updatedAtMs - 1000 }, row)).toBe(false);
    expect(showsRow({ ...shown, totalPrice: 123.4 }, row)).toBe(false);
    expect(showsRow(undefined, row)).toBe(false);
  });

  it('holds 40,000 rows to 10 s visible and every feed to 250 MB', () => {
    expect(targetsMet({ rows: 40_000, state: 'done', visibleMs: 9_000, peakRssMb: 200 })).toBe(true);
    expect(targetsMet({ rows: 40_000, state: 'done', visibleMs: 11_000, peakRssMb: 200 })).toBe(false);
    expect(targetsMet({ rows: 40_000, state: 'done', peakRssMb: 200 })).toBe(false);
    expect(targetsMet({ rows: 1_000_000, state: 'done', visibleMs: 90_000, peakRssMb: 240 })).toBe(true);
    expect(targetsMet({ rows: 1_000_000, state: 'done', visibleMs: 90_000, peakRssMb: 260 })).toBe(false);
    expect(targetsMet({ rows: 1_000_000, state: 'done', visibleMs: 90_000 })).toBe(false);
    expect(targetsMet({ rows: 40_000, state: 'refused', visibleMs: 1_000, peakRssMb: 100 })).toBe(false);
  });
});

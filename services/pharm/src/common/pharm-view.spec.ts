import type { OpeningHours } from '@mc/contracts';
import { parsePharmListQuery } from '@mc/contracts';
import { arrangePharms, momentOf, nextOpening, toPharm, type PharmRecord } from './pharm-view';

const slot = (opensAt: string, closesAt: string) => ({ opensAt, closesAt });
/** Sunday to Thursday 09:00–13:00 and 16:00–19:00, Friday 08:00–12:00, closed on Saturday. */
const WEEK: OpeningHours = {
  '0': [slot('09:00', '13:00'), slot('16:00', '19:00')],
  '1': [slot('09:00', '13:00'), slot('16:00', '19:00')],
  '2': [slot('09:00', '13:00'), slot('16:00', '19:00')],
  '3': [slot('09:00', '13:00'), slot('16:00', '19:00')],
  '4': [slot('09:00', '13:00'), slot('16:00', '19:00')],
  '5': [slot('08:00', '12:00')],
};
const next = (openingHours: OpeningHours, at: string) => nextOpening({ openingHours }, momentOf(new Date(at)))?.toISOString() ?? null;

describe("a closed pharmacy's next opening", () => {
  // Israel is at UTC+2 in winter (2026-11-24 is a Tuesday) and UTC+3 in summer.
  it('is later today between two slots', () => {
    expect(next(WEEK, '2026-11-24T12:30:20Z')).toBe('2026-11-24T14:00:00.000Z');
  });

  it('is tomorrow morning after closing time, and today before opening time', () => {
    expect(next(WEEK, '2026-11-24T18:00:00Z')).toBe('2026-11-25T07:00:00.000Z');
    expect(next(WEEK, '2026-11-24T05:00:00Z')).toBe('2026-11-24T07:00:00.000Z');
  });

  it('skips the closed Saturday to Sunday morning', () => {
    // Friday 14:00 in Israel.
    expect(next(WEEK, '2026-11-27T12:00:00Z')).toBe('2026-11-29T07:00:00.000Z');
  });

  it('is a week on for a pharmacy open one morning a week, just after it closed', () => {
    expect(next({ '2': [slot('08:00', '10:00')] }, '2026-11-24T09:00:00Z')).toBe('2026-12-01T06:00:00.000Z');
  });

  it('is none while open (also in a slot past midnight) and none without any hours', () => {
    expect(next(WEEK, '2026-11-24T08:00:00Z')).toBeNull();
    // Monday 22:00–02:00; at Tuesday 01:00 in Israel it is still open.
    expect(next({ '1': [slot('22:00', '02:00')] }, '2026-11-23T23:00:00Z')).toBeNull();
    expect(next({}, '2026-11-24T08:00:00Z')).toBeNull();
  });

  it("keeps Israel's wall-clock time across the change to summer time", () => {
    // Israel moves to UTC+3 on Friday 2027-03-26 at 02:00; from Thursday evening the next opening is Friday 08:00 local.
    expect(next(WEEK, '2027-03-25T18:00:00Z')).toBe('2027-03-26T05:00:00.000Z');
  });

  it('is carried in the pharmacy as milliseconds since the epoch, null when open', () => {
    const record = { openingHours: WEEK } as PharmRecord;
    const closed = toPharm({ ...record, updatedAt: new Date(), tags: [] } as PharmRecord, momentOf(new Date('2026-11-24T12:30:00Z')));
    expect(closed).toMatchObject({ isOpen: false, nextOpening: Date.parse('2026-11-24T14:00:00Z') });
    const open = toPharm({ ...record, updatedAt: new Date(), tags: [] } as PharmRecord, momentOf(new Date('2026-11-24T08:00:00Z')));
    expect(open).toMatchObject({ isOpen: true, nextOpening: null });
  });
});

describe('the pharmacy list nearest first', () => {
  const TEL_AVIV = { lat: 32.0853, lng: 34.7818 };
  const record = (slug: string, lat: number, openingHours: OpeningHours): PharmRecord =>
    ({ slug, name: slug, lat, lng: TEL_AVIV.lng, openingHours, popularity: 0, tags: [], updatedAt: new Date() }) as unknown as PharmRecord;
  // 12:30 in Israel on a Tuesday: 'far' is open, 'near' has closed for lunch.
  const moment = momentOf(new Date('2026-11-24T10:30:00Z'));
  const records = [record('far', 32.3, WEEK), record('near', 32.09, { '2': [slot('16:00', '19:00')] })];
  const order = (raw: Record<string, string>) => arrangePharms(records, parsePharmListQuery(raw), moment).page.map((p) => p.slug);
  const at = { lat: String(TEL_AVIV.lat), lng: String(TEL_AVIV.lng) };

  it('puts the nearest first with sortBy=nearby and a position, open or not', () => {
    expect(order({ ...at, sortBy: 'nearby' })).toEqual(['near', 'far']);
  });

  it('keeps open now first otherwise, and without a position', () => {
    expect(order(at)).toEqual(['far', 'near']);
    expect(order({ sortBy: 'nearby' })).toEqual(['far', 'near']);
  });
});

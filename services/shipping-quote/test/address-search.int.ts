import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ADDRESS_PATTERN, AddressDto, Messages, Subjects, type AddressSearchResponse, type AddressSuggestion } from '@mc/contracts';
import { rpcUntyped, useService } from '@mc/kit/testing';
import { shippingQuoteService } from '../src/service';

describe('address search over the gazetteer', () => {
  const service = useService(shippingQuoteService);
  const search = async (text: unknown): Promise<AddressSuggestion[]> =>
    (await rpcUntyped<AddressSearchResponse>(service.nc(), Subjects.shippingQuote.addressSearch, { text })).results;

  it.each(['הרצל 12 חיפה', 'הרצל 12, חיפה', 'חיפה, הרצל 12', 'רחוב הרצל 12 חיפה', '  הרצל   12 ,  חיפה  '])(
    'finds the street in the city with the house number typed: %j',
    async (text) => {
      const [first] = await search(text);
      expect(first).toEqual({
        address: 'הרצל 12, חיפה', text: 'הרצל 12, חיפה', street: 'הרצל', houseNumber: '12', city: 'חיפה',
        lat: expect.closeTo(32.813, 2), lng: expect.closeTo(34.998, 2),
      });
    },
  );

  it('keeps a house number with a letter and drops an apartment after a slash', async () => {
    expect((await search('דיזנגוף 50א תל אביב'))[0]).toMatchObject({ address: 'דיזנגוף 50א, תל אביב-יפו', houseNumber: '50א' });
    expect((await search('אלנבי 12/3 תל אביב'))[0]).toMatchObject({ address: 'אלנבי 12, תל אביב-יפו', houseNumber: '12' });
  });

  it('without a number answers street and city only, the city centre where the street has no position of its own', async () => {
    const [first] = await search('ויצמן, כפר סבא');
    expect(first).toMatchObject({ address: 'ויצמן, כפר סבא', street: 'ויצמן', city: 'כפר סבא' });
    expect(first.houseNumber).toBeUndefined();
    const [noPosition] = await search('הגבורים חדרה');
    expect(noPosition).toMatchObject({ street: 'הגבורים', city: 'חדרה', lat: 32.434, lng: 34.9196 });
  });

  it('puts streets that begin with the typed text first, the exact name before longer ones, bigger cities first', async () => {
    const herzl = await search('הרצל');
    expect(herzl).toHaveLength(5);
    expect(herzl.map((r) => r.street)).toEqual(['הרצל', 'הרצל', 'הרצל', 'הרצל', 'הרצל']);
    expect(herzl.map((r) => r.city)).toEqual(['ירושלים', 'תל אביב-יפו', 'חיפה', 'ראשון לציון', 'פתח תקווה']);

    const [dizengoff] = await search('דיזנ');
    expect(dizengoff).toMatchObject({ street: 'דיזנגוף', city: 'תל אביב-יפו' });
    // 'הרצל' begins 'הרצליה' too (a street in Haifa), after the street named exactly so.
    const inHaifa = await search('הרצל, חיפה');
    expect(inHaifa.slice(0, 2).map((r) => r.street)).toEqual(['הרצל', 'הרצליה']);
  });

  it('tells street from city without a comma, in either order', async () => {
    expect((await search('רוטשילד ראשון לציון'))[0]).toMatchObject({ street: 'רוטשילד', city: 'ראשון לציון' });
    expect((await search('באר שבע רגר'))[0]).toMatchObject({ street: 'שדרות רגר', city: 'באר שבע' });
    expect((await search('תל אביב אבן גבירול 64'))[0]).toMatchObject({ address: 'אבן גבירול 64, תל אביב-יפו' });
  });

  it('meets other spellings and names: defective spelling, geresh, final letters, a city by another name, a typo', async () => {
    expect((await search('ויצמן פתח תקוה'))[0]).toMatchObject({ street: 'ויצמן', city: 'פתח תקווה' });
    expect((await search('קרית אונו לוי אשכול'))[0]).toMatchObject({ street: 'לוי אשכול', city: 'קריית אונו' });
    expect((await search("ז'בוטינסקי 3 רמת גן"))[0]).toMatchObject({ street: 'ז׳בוטינסקי', city: 'רמת גן', houseNumber: '3' });
    expect((await search('שינקין תל אביב'))[0]).toMatchObject({ street: 'שינקין', city: 'תל אביב-יפו' });
    expect((await search('ת״א שינקין'))[0]).toMatchObject({ street: 'שינקין', city: 'תל אביב-יפו' });
    expect((await search('דיזנוף 10'))[0]).toMatchObject({ street: 'דיזנגוף', city: 'תל אביב-יפו', houseNumber: '10' });
  });

  it('answers no suggestions for an address it does not know', async () => {
    expect(await search('זזזזז טטטטט')).toEqual([]);
    expect(await search('אבגדה 5, עיר שאיננה')).toEqual([]);
    expect(await search('Main street 5')).toEqual([]);
  });

  it("gives addresses the address form accepts as they are", async () => {
    for (const text of ['הרצל 12', 'שדרות', 'קריית', 'בן', 'ביאליק 7 רמת']) {
      for (const result of await search(text)) {
        expect(ADDRESS_PATTERN.test(result.address)).toBe(true);
        const form = plainToInstance(AddressDto, { address: result.address, houseNumber: result.houseNumber ?? '1' });
        expect(validateSync(form)).toEqual([]);
      }
    }
  });

  it.each([[undefined], [''], ['ה'], ['  ה  '], ['ה'.repeat(101)], [['הרצל', 'חיפה']], [{ $ne: '' }]])(
    'refuses %j with 400 and the Hebrew message',
    async (text) => {
      await expect(search(text)).rejects.toMatchObject({ status: 400, message: Messages.addressSearchLength });
    },
  );

  it('answers within a few milliseconds in the database', async () => {
    const texts = ['הרצל 12 תל אביב', 'דיז', 'ויצמן פתח תקוה', 'שדרות', 'בן גוריון 5, חולון', 'דיזנוף', 'זזזזז טטטטט', 'ה ב'];
    await Promise.all(texts.map((t) => search(t))); // warm
    const times: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const text of texts) {
        const started = performance.now();
        await search(text);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    const p95 = times[Math.floor(times.length * 0.95)];
    console.log(`address search round trip over NATS: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`);
    // Generous on a shared two-core machine; the point is no full scans of a big table per keystroke.
    expect(p50).toBeLessThan(50);
  });
});

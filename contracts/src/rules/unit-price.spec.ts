import { comparePriceOrder, formatPer100mgThc, formatPerGram, packGrams, unitPrices } from './unit-price';

const tenGrams = { sizeQuantity: 10, sizeUnit: 'גרם' };

describe('packGrams', () => {
  it('reads grams in the spellings the catalogue uses', () => {
    expect(packGrams(tenGrams)).toBe(10);
    expect(packGrams({ sizeQuantity: 5, sizeUnit: ' g ' })).toBe(5);
    expect(packGrams({ sizeQuantity: 3, sizeUnit: 'ג׳' })).toBe(3);
  });

  it.each([
    { sizeQuantity: 10, sizeUnit: 'מ״ל' },
    { sizeQuantity: null, sizeUnit: 'גרם' },
    { sizeQuantity: 10, sizeUnit: null },
    { sizeQuantity: 0, sizeUnit: 'גרם' },
    { sizeQuantity: -5, sizeUnit: 'גרם' },
  ])('is null for %o', (size) => {
    expect(packGrams(size)).toBeNull();
  });
});

describe('unitPrices', () => {
  it('prices a gram and 100 mg THC of a 10 g T20/C4 pack (₪142)', () => {
    expect(unitPrices(14200, tenGrams, 'T20/C4')).toEqual({ perGram: 1420, per100mgThc: 710 });
  });

  it('rounds to the agora', () => {
    // ₪150 for 3 g of T15: 5000 a gram; 450 mg THC → 33.33… per 100 mg.
    expect(unitPrices(15000, { sizeQuantity: 3, sizeUnit: 'גרם' }, 'T15/C3')).toEqual({ perGram: 5000, per100mgThc: 3333 });
    expect(unitPrices(1001, { sizeQuantity: 2, sizeUnit: 'גרם' }, null)).toEqual({ perGram: 501, per100mgThc: null });
  });

  it('has no THC price without THC or without a dosage', () => {
    expect(unitPrices(14200, tenGrams, 'T0/C20')).toEqual({ perGram: 1420, per100mgThc: null });
    expect(unitPrices(14200, tenGrams, null)).toEqual({ perGram: 1420, per100mgThc: null });
    expect(unitPrices(14200, tenGrams, 'strong')).toEqual({ perGram: 1420, per100mgThc: null });
  });

  it('prices nothing for an oil in millilitres or a pack without a size', () => {
    expect(unitPrices(20000, { sizeQuantity: 10, sizeUnit: 'מ״ל' }, 'T20/C4')).toEqual({ perGram: null, per100mgThc: null });
    expect(unitPrices(20000, { sizeQuantity: null, sizeUnit: null }, 'T20/C4')).toEqual({ perGram: null, per100mgThc: null });
  });

  it('prices a free pack at 0', () => {
    expect(unitPrices(0, tenGrams, 'T20/C4')).toEqual({ perGram: 0, per100mgThc: 0 });
  });
});

describe('comparePriceOrder', () => {
  const sorted = (keys: { price: number; perGram: number | null }[]) => [...keys].sort(comparePriceOrder);

  it('puts the cheaper gram first, whatever the pack price', () => {
    const big = { price: 25000, perGram: 1250 };
    const small = { price: 15000, perGram: 1500 };
    expect(sorted([small, big])).toEqual([big, small]);
  });

  it('breaks a gram tie by the pack price, and puts packs of unknown weight after, by their price', () => {
    const a = { price: 14000, perGram: 1400 };
    const b = { price: 28000, perGram: 1400 };
    const oilCheap = { price: 9000, perGram: null };
    const oil = { price: 20000, perGram: null };
    expect(sorted([oil, b, oilCheap, a])).toEqual([a, b, oilCheap, oil]);
  });
});

describe('formatting', () => {
  it('says the unit prices as the cards show them', () => {
    expect(formatPerGram(1420)).toBe('₪14.20 לגרם');
    expect(formatPer100mgThc(710)).toBe('₪7.10 ל־100 מ״ג THC');
    expect(formatPerGram(1500)).toBe('₪15 לגרם');
  });
});

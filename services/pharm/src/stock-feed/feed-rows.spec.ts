import { checkRow, headerProblem, isRejection, type FeedRefs } from './feed-rows';

const refs: FeedRefs = {
  pharmacies: new Map([['PH-1', { id: 1, slug: 'merkaz' }]]),
  products: new Map([['YRP-1', { slug: 'dr-green', estimatedPrice: 18900 }]]),
};
const NOW = Date.parse('2026-11-27T12:00:00Z');
const check = (row: string) => checkRow(row.split(','), 7, refs, NOW);
const reason = (row: string) => {
  const checked = check(row);
  return isRejection(checked) ? checked.reason : null;
};

describe('a feed row', () => {
  it('is the offer it names, money in agorot, the partner\'s time', () => {
    expect(check('PH-1,YRP-1,12,189.9,2026-11-27T10:00:00+02:00')).toEqual({
      line: 7, pharmId: 1, pharmSlug: 'merkaz', productSlug: 'dr-green', amount: 12, price: 18990, estimatedPrice: 18900, updatedAt: new Date('2026-11-27T08:00:00Z'),
    });
    expect(check(' PH-1 ,YRP-1,0,,2026-11-27T10:00:00.123Z')).toMatchObject({ amount: 0, price: null });
  });

  it.each([
    ['PH-2,YRP-1,1,10,2026-11-27T10:00:00Z', /pharmacy_code/],
    ['PH-1,YRP-2,1,10,2026-11-27T10:00:00Z', /partner_product_id/],
    ['PH-1,YRP-1,-1,10,2026-11-27T10:00:00Z', /amount/],
    ['PH-1,YRP-1,2.5,10,2026-11-27T10:00:00Z', /amount/],
    ['PH-1,YRP-1,,10,2026-11-27T10:00:00Z', /amount/],
    ['PH-1,YRP-1,1,0,2026-11-27T10:00:00Z', /above 0/],
    ['PH-1,YRP-1,1,0.00,2026-11-27T10:00:00Z', /above 0/],
    ['PH-1,YRP-1,1,10.123,2026-11-27T10:00:00Z', /2 decimals/],
    ['PH-1,YRP-1,1,1e3,2026-11-27T10:00:00Z', /2 decimals/],
    ['PH-1,YRP-1,1,10,2026-11-27 10:00:00Z', /ISO 8601/],
    ['PH-1,YRP-1,1,10,2026-11-27T10:00:00', /ISO 8601/],
    ['PH-1,YRP-1,1,10,2026-02-31T10:00:00Z', /real time|ISO/],
    ['PH-1,YRP-1,1,10,2026-11-27T12:06:00Z', /future/],
    ['PH-1,YRP-1,1,10', /5 columns/],
    ['PH-1,YRP-1,1,10,2026-11-27T10:00:00Z,x', /5 columns/],
  ])('%s is rejected', (row, why) => {
    expect(reason(row)).toMatch(why);
  });

  it('a row a few minutes ahead of our clock is taken (the partner\'s clock may run ahead)', () => {
    expect(reason('PH-1,YRP-1,1,10,2026-11-27T12:04:00Z')).toBeNull();
  });
});

describe('the header', () => {
  it('must be the feed\'s columns, in order (a BOM and spaces aside)', () => {
    expect(headerProblem(['\uFEFFpharmacy_code', 'partner_product_id', 'amount', 'price', ' updated_at'])).toBeNull();
    expect(headerProblem(['partner_product_id', 'pharmacy_code', 'amount', 'price', 'updated_at'])).toMatch(/header/);
    expect(headerProblem(['pharmacy_code', 'partner_product_id', 'amount', 'price'])).toMatch(/header/);
  });
});

import { normalizeSearchText } from '@mc/contracts';
import { addressParts, chooseShipment, cityMatches, findStreet, priceShipment, type QuotableShipment } from './quotes.rules';

const ILS = 100;
const cart = (totalShekels: number, itemsCount = 1) => ({ totalPrice: totalShekels * ILS, itemsCount });

describe('priceShipment: the row with the largest quantity the cart reaches', () => {
  const byTotal = { quantityType: 'min-total-price' as const, pricings: [{ quantity: 300 * ILS, amount: 0 }, { quantity: 0, amount: 30 * ILS }] };

  it.each([
    [0, 30 * ILS],
    [299.99, 30 * ILS],
    [300, 0],
    [1000, 0],
  ])('min-total-price [0 → 30 ₪, 300 ₪ → free]: a cart of %d ₪ pays %d agorot', (total, price) => {
    expect(priceShipment(byTotal, cart(total))).toEqual({ status: 'matched', price });
  });

  it('counts items for min-items-count, and compares the total in agorot for min-total-price', () => {
    const byCount = { quantityType: 'min-items-count' as const, pricings: [{ quantity: 2, amount: 40 * ILS }, { quantity: 4, amount: 0 }] };
    expect(priceShipment(byCount, cart(5000, 1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-items-count', quantity: 2 } });
    expect(priceShipment(byCount, cart(1, 2))).toEqual({ status: 'matched', price: 40 * ILS });
    expect(priceShipment(byCount, cart(1, 3))).toEqual({ status: 'matched', price: 40 * ILS });
    expect(priceShipment(byCount, cart(1, 4))).toEqual({ status: 'matched', price: 0 });
  });

  it('answers the smallest row as the minimum when the cart reaches none', () => {
    const fromMinimum = { quantityType: 'min-total-price' as const, pricings: [{ quantity: 800 * ILS, amount: 0 }, { quantity: 300 * ILS, amount: 35 * ILS }] };
    expect(priceShipment(fromMinimum, cart(299, 5))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 300 * ILS } });
    expect(priceShipment(fromMinimum, cart(300))).toEqual({ status: 'matched', price: 35 * ILS });
    expect(priceShipment(fromMinimum, cart(800))).toEqual({ status: 'matched', price: 0 });
  });

  it('takes the cheaper of two rows of the same quantity, and never prices a shipment without rows', () => {
    expect(priceShipment({ quantityType: 'min-total-price', pricings: [{ quantity: 0, amount: 20 }, { quantity: 0, amount: 10 }] }, cart(1))).toEqual({ status: 'matched', price: 10 });
    expect(priceShipment({ quantityType: 'min-items-count', pricings: [] }, cart(1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-items-count', quantity: 0 } });
  });
});

describe('chooseShipment: the most specific area first', () => {
  const [CITY, DISTRICT, COUNTRY] = [3, 2, 1];
  const areas = [CITY, DISTRICT, COUNTRY];
  const shipment = (id: number, locationIds: number[], pricings: { quantity: number; amount: number }[], quantityType: QuotableShipment['quantityType'] = 'min-total-price'): QuotableShipment =>
    ({ id, quantityType, pricings, locationIds });

  it('takes the city’s shipment over the district’s and the country’s, then the district’s over the country’s', () => {
    const city = shipment(1, [CITY], [{ quantity: 0, amount: 0 }]);
    const district = shipment(2, [DISTRICT], [{ quantity: 0, amount: 20 * ILS }]);
    const country = shipment(3, [COUNTRY], [{ quantity: 0, amount: 40 * ILS }]);
    expect(chooseShipment([country, district, city], areas, cart(100))).toEqual({ status: 'matched', shipmentId: 1, price: 0 });
    expect(chooseShipment([country, district], areas, cart(100))).toEqual({ status: 'matched', shipmentId: 2, price: 20 * ILS });
    expect(chooseShipment([country], areas, cart(100))).toEqual({ status: 'matched', shipmentId: 3, price: 40 * ILS });
  });

  it('keeps to the most specific area even when its minimum is not reached (no falling back to a wider area)', () => {
    const district = shipment(2, [DISTRICT], [{ quantity: 200 * ILS, amount: 0 }]);
    const country = shipment(3, [COUNTRY], [{ quantity: 0, amount: 40 * ILS }]);
    expect(chooseShipment([district, country], areas, cart(100))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 200 * ILS } });
  });

  it('takes the cheapest reached shipment among those of one area, or the smallest minimum when none is reached', () => {
    const byTotal = shipment(5, [DISTRICT], [{ quantity: 500 * ILS, amount: 0 }]);
    const byCount = shipment(6, [DISTRICT], [{ quantity: 3, amount: 25 * ILS }], 'min-items-count');
    expect(chooseShipment([byTotal, byCount], areas, cart(100, 3))).toEqual({ status: 'matched', shipmentId: 6, price: 25 * ILS });
    expect(chooseShipment([byTotal, byCount], areas, cart(600, 3))).toEqual({ status: 'matched', shipmentId: 5, price: 0 });
    expect(chooseShipment([byTotal, byCount], areas, cart(100, 1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-items-count', quantity: 3 } });
  });

  it('answers no match when no shipment covers any of the areas', () => {
    expect(chooseShipment([shipment(1, [99], [{ quantity: 0, amount: 0 }])], areas, cart(100))).toEqual({ status: 'no-match' });
    expect(chooseShipment([], areas, cart(100))).toEqual({ status: 'no-match' });
  });
});

describe('reading an address', () => {
  it.each([
    ['הרצל 12, חיפה', 'הרצל', ['חיפה']],
    ['הרצל, חיפה', 'הרצל', ['חיפה']],
    ['שדרות רוטשילד 40, תל אביב-יפו, ישראל', 'שדרות רוטשילד', ['תל אביב-יפו', 'ישראל']],
    ['תל אביב, דיזנגוף 50', 'דיזנגוף', ['תל אביב']],
  ])('%s: street %s in one of %j', (address, street, cityCandidates) => {
    expect(addressParts(address)).toEqual({ street, cityCandidates });
  });

  it('finds no city in a text without a comma', () => {
    expect(addressParts('הרצל 12 חיפה')).toBeUndefined();
    expect(addressParts('')).toBeUndefined();
  });

  it('matches a city by any of its names, in full or defective spelling', () => {
    const names = ['תל אביב-יפו', 'תל אביב', 'יפו', 'ת״א'].map(normalizeSearchText);
    expect(cityMatches('תל אביב-יפו', names)).toBe(true);
    expect(cityMatches('ת״א', names)).toBe(true);
    expect(cityMatches('חיפה', names)).toBe(false);
    expect(cityMatches('קרית אתא', ['קריית אתא'])).toBe(true);
  });

  it('finds a street as written, in the other spelling, or without its word of kind', () => {
    const streets = ['דיזנגוף', 'קינג ג׳ורג׳', 'שדרות רוטשילד', 'הרצל'].map((street) => ({ street, streetText: normalizeSearchText(street) }));
    expect(findStreet('דיזנגוף', streets)?.street).toBe('דיזנגוף');
    expect(findStreet('דיזינגוף', streets)?.street).toBe('דיזנגוף');
    expect(findStreet('קינג ג׳ורג׳', streets)?.street).toBe('קינג ג׳ורג׳');
    expect(findStreet('רוטשילד', streets)?.street).toBe('שדרות רוטשילד');
    expect(findStreet('רחוב הרצל', streets)?.street).toBe('הרצל');
    expect(findStreet('אלנבי', streets)).toBeUndefined();
  });
});

import { normalizeSearchText } from '@mc/contracts';
import { addressParts, chooseShipment, cityMatches, findStreet, priceShipment, type PricingRow, type QuotableShipment } from './quotes.rules';

const ILS = 100;
const cart = (totalShekels: number, itemsCount = 1) => ({ totalPrice: totalShekels * ILS, itemsCount });

/** A row from a total of `shekels` costing `fee` shekels, and one from `items` items. */
const byTotal = (shekels: number, fee: number): PricingRow => ({ quantityType: 'min-total-price', quantity: shekels * ILS, amount: fee * ILS });
const byItems = (items: number, fee: number): PricingRow => ({ quantityType: 'min-items-count', quantity: items, amount: fee * ILS });

describe('priceShipment: the cheapest row the cart reaches, each row on its own measure', () => {
  const tiers = { pricings: [byTotal(300, 0), byTotal(0, 30)] };

  it.each([
    [0, 30 * ILS],
    [299.99, 30 * ILS],
    [300, 0],
    [1000, 0],
  ])('min-total-price [0 → 30 ₪, 300 ₪ → free]: a cart of %d ₪ pays %d agorot', (total, price) => {
    expect(priceShipment(tiers, cart(total))).toEqual({ status: 'matched', price });
  });

  it('counts items for min-items-count, and compares the total in agorot for min-total-price', () => {
    const byCount = { pricings: [byItems(2, 40), byItems(4, 0)] };
    expect(priceShipment(byCount, cart(5000, 1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-items-count', quantity: 2 } });
    expect(priceShipment(byCount, cart(1, 2))).toEqual({ status: 'matched', price: 40 * ILS });
    expect(priceShipment(byCount, cart(1, 3))).toEqual({ status: 'matched', price: 40 * ILS });
    expect(priceShipment(byCount, cart(1, 4))).toEqual({ status: 'matched', price: 0 });
  });

  it('mixes rows of both types: any reached row applies, the cheapest wins', () => {
    // 30 ₪ from any order, 15 ₪ from 3 items, free from 400 ₪.
    const mixed = { pricings: [byTotal(0, 30), byItems(3, 15), byTotal(400, 0)] };
    expect(priceShipment(mixed, cart(100, 1))).toEqual({ status: 'matched', price: 30 * ILS });
    expect(priceShipment(mixed, cart(100, 3))).toEqual({ status: 'matched', price: 15 * ILS });
    expect(priceShipment(mixed, cart(400, 1))).toEqual({ status: 'matched', price: 0 });
    expect(priceShipment(mixed, cart(400, 5))).toEqual({ status: 'matched', price: 0 });
  });

  it('answers the minimum the cart is nearest to when it reaches none', () => {
    const fromMinimum = { pricings: [byTotal(800, 0), byTotal(300, 35)] };
    expect(priceShipment(fromMinimum, cart(299, 5))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 300 * ILS } });
    expect(priceShipment(fromMinimum, cart(300))).toEqual({ status: 'matched', price: 35 * ILS });
    expect(priceShipment(fromMinimum, cart(800))).toEqual({ status: 'matched', price: 0 });
    // 200 ₪ or 4 items: a cart of 150 ₪ (75%) with 1 item (25%) is told the price; of 50 ₪ (25%) with 3 items (75%), the count.
    const either = { pricings: [byTotal(200, 20), byItems(4, 20)] };
    expect(priceShipment(either, cart(150, 1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 200 * ILS } });
    expect(priceShipment(either, cart(50, 3))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-items-count', quantity: 4 } });
    // Equally near: the price first.
    expect(priceShipment(either, cart(100, 2))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 200 * ILS } });
  });

  it('takes the cheaper of two rows of the same quantity, and never prices a shipment without rows', () => {
    expect(priceShipment({ pricings: [{ ...byTotal(0, 0), amount: 20 }, { ...byTotal(0, 0), amount: 10 }] }, cart(1))).toEqual({ status: 'matched', price: 10 });
    expect(priceShipment({ pricings: [] }, cart(1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 0 } });
  });
});

describe('chooseShipment: the most specific area first', () => {
  const [CITY, DISTRICT, COUNTRY] = [3, 2, 1];
  const areas = [CITY, DISTRICT, COUNTRY];
  const shipment = (id: number, locationIds: number[], pricings: PricingRow[]): QuotableShipment => ({ id, pricings, locationIds });

  it('takes the city’s shipment over the district’s and the country’s, then the district’s over the country’s', () => {
    const city = shipment(1, [CITY], [byTotal(0, 0)]);
    const district = shipment(2, [DISTRICT], [byTotal(0, 20)]);
    const country = shipment(3, [COUNTRY], [byTotal(0, 40)]);
    expect(chooseShipment([country, district, city], areas, cart(100))).toEqual({ status: 'matched', shipmentId: 1, price: 0 });
    expect(chooseShipment([country, district], areas, cart(100))).toEqual({ status: 'matched', shipmentId: 2, price: 20 * ILS });
    expect(chooseShipment([country], areas, cart(100))).toEqual({ status: 'matched', shipmentId: 3, price: 40 * ILS });
  });

  it('keeps to the most specific area even when its minimum is not reached (no falling back to a wider area)', () => {
    const district = shipment(2, [DISTRICT], [byTotal(200, 0)]);
    const country = shipment(3, [COUNTRY], [byTotal(0, 40)]);
    expect(chooseShipment([district, country], areas, cart(100))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 200 * ILS } });
  });

  it('takes the cheapest reached shipment among those of one area, or the nearest minimum when none is reached', () => {
    const total = shipment(5, [DISTRICT], [byTotal(500, 0)]);
    const count = shipment(6, [DISTRICT], [byItems(3, 25)]);
    expect(chooseShipment([total, count], areas, cart(100, 3))).toEqual({ status: 'matched', shipmentId: 6, price: 25 * ILS });
    expect(chooseShipment([total, count], areas, cart(600, 3))).toEqual({ status: 'matched', shipmentId: 5, price: 0 });
    expect(chooseShipment([total, count], areas, cart(100, 1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-items-count', quantity: 3 } });
    expect(chooseShipment([total, count], areas, cart(400, 1))).toEqual({ status: 'min-pricing', minPricing: { quantityType: 'min-total-price', quantity: 500 * ILS } });
  });

  it('answers no match when no shipment covers any of the areas', () => {
    expect(chooseShipment([shipment(1, [99], [byTotal(0, 0)])], areas, cart(100))).toEqual({ status: 'no-match' });
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

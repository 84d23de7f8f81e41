import { join } from 'node:path';
import { Subjects, type ShippingQuoteRequest } from '@mc/contracts';
import { rpc, TEST_ENV, useService } from '@mc/kit/testing';
import { seedShippingQuote, type ShippingSeedFile } from '../src/seed/seed';
import { shippingQuoteService } from '../src/service';

// The generator is plain CommonJS tooling of deploy/ (it reads contracts' gazetteer from contracts/dist, built by `make build`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { generate } = require(join(__dirname, '../../../deploy/seed/generate')) as { generate: (volume: string) => { 'shipping-quote': ShippingSeedFile } };

jest.setTimeout(60_000);

const ILS = 100;

describe('the shipping seed: the generator and the loader', () => {
  const service = useService(shippingQuoteService);
  const fixtures = generate('fixtures')['shipping-quote'];
  const demo = generate('demo')['shipping-quote'];

  it('gives the demo city-only, district and country-wide shipments, by total and by items, deterministically', () => {
    expect(JSON.stringify(generate('demo')['shipping-quote'])).toBe(JSON.stringify(demo));
    const kinds = new Set(demo.shipments.map((s) => `${s.areas[0].type}/${s.quantityType}`));
    expect([...kinds].sort()).toEqual(['city/min-total-price', 'country/min-items-count', 'country/min-total-price', 'district/min-total-price']);
    expect(demo.shipments.every((s) => s.name && s.pricings.length)).toBe(true);
    // Some demand a minimum order (no row from 0).
    expect(demo.shipments.some((s) => s.quantityType === 'min-total-price' && Math.min(...s.pricings.map((p) => p.quantity)) > 0)).toBe(true);
  });

  describe('the fixtures, as the tests of other services and the browser quote them', () => {
    beforeAll(async () => {
      await seedShippingQuote(fixtures, TEST_ENV);
    });

    const quote = async (address: string, pharmSlug: string, totalShekels: number, itemsCount = 1) =>
      (await rpc(service.nc(), Subjects.shippingQuote.quote, {
        address: { address, houseNumber: address.match(/\d+/)![0] },
        pharms: [{ pharmSlug, pickup: false, totalPrice: totalShekels * ILS, itemsCount }],
      } as ShippingQuoteRequest)).quotes[0];
    const TEL_AVIV = 'דיזנגוף 50, תל אביב-יפו';
    const HOLON = 'סוקולוב 10, חולון';
    const HAIFA = 'הרצל 12, חיפה';
    const JERUSALEM = 'יפו 20, ירושלים';

    it('merkaz-tel-aviv: free in Tel Aviv itself, 30 ₪ (free from 300 ₪) in its district, nowhere else', async () => {
      expect(await quote(TEL_AVIV, 'merkaz-tel-aviv', 189)).toMatchObject({ status: 'matched', price: 0 });
      expect(await quote(HOLON, 'merkaz-tel-aviv', 189)).toMatchObject({ status: 'matched', price: 30 * ILS });
      expect(await quote(HOLON, 'merkaz-tel-aviv', 300)).toMatchObject({ status: 'matched', price: 0 });
      expect(await quote(HAIFA, 'merkaz-tel-aviv', 189)).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
    });

    it('layla-haifa: 25 ₪ in Haifa’s district; elsewhere from 2 items', async () => {
      expect(await quote(HAIFA, 'layla-haifa', 199)).toMatchObject({ status: 'matched', price: 25 * ILS });
      expect(await quote(TEL_AVIV, 'layla-haifa', 349, 1)).toMatchObject({ status: 'rejected', rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-items-count', quantity: 2 } });
      expect(await quote(TEL_AVIV, 'layla-haifa', 398, 2)).toMatchObject({ status: 'matched', price: 40 * ILS });
    });

    it('yam-eilat: anywhere from 300 ₪ (one product is below it, two clear it), free from 800 ₪', async () => {
      expect(await quote(JERUSALEM, 'yam-eilat', 219)).toMatchObject({ status: 'rejected', rejectCode: 'ShippingMinPricing', minPricing: { quantityType: 'min-total-price', quantity: 300 * ILS } });
      expect(await quote(JERUSALEM, 'yam-eilat', 438, 2)).toMatchObject({ status: 'matched', price: 35 * ILS });
      expect(await quote(JERUSALEM, 'yam-eilat', 800, 4)).toMatchObject({ status: 'matched', price: 0 });
    });

    it('galil-karmiel delivers nowhere; shaked-rishon everywhere for free', async () => {
      expect(await quote(HAIFA, 'galil-karmiel', 179)).toMatchObject({ status: 'rejected', rejectCode: 'ShipmentNoMatch' });
      expect(await quote(JERUSALEM, 'shaked-rishon', 164)).toMatchObject({ status: 'matched', price: 0 });
    });
  });
});

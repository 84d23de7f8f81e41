import type { Pharm, PharmProduct, Product } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { aggregateOffer, openingHoursSpecification, pharmDescription, pharmJsonLd, productJsonLd, serializeJsonLd } from './structured-data';

const ORIGIN = 'https://example.co.il';

const product = {
  name: 'Dr Green T20/C4',
  slug: 'dr-green-t20-c4',
  imageUrl: '/media/products/dr-green-t20-c4.svg',
  info: { hebName: 'דוקטור גרין', engName: 'Dr Green', company: 'שדות הגליל' },
} as Product;

const offer = (totalPrice: number, inStock = true) => ({ totalPrice, inStock }) as PharmProduct;

const pharm = {
  name: 'בית מרקחת מרכז העיר',
  slug: 'merkaz-tel-aviv',
  address: 'אבן גבירול 64',
  city: 'תל אביב-יפו',
  lat: 32.0812,
  lng: 34.7815,
  phoneNumber: '03-5271840',
  logo_url: null,
  openingHours: {
    '0': [
      { opensAt: '08:00', closesAt: '14:00' },
      { opensAt: '16:00', closesAt: '20:00' },
    ],
    '5': [{ opensAt: '08:00:00', closesAt: '13:00:00' }],
  },
} as unknown as Pharm;

describe('productJsonLd', () => {
  it('describes the product with an absolute 128 px image, the brand and the offers across pharmacies', () => {
    const data = productJsonLd(ORIGIN, product, [offer(199), offer(189), offer(341), offer(120, false)]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'דוקטור גרין',
      url: `${ORIGIN}/products/dr-green-t20-c4`,
      image: `${ORIGIN}/thumbs?url=%2Fmedia%2Fproducts%2Fdr-green-t20-c4.svg&width=128&height=128&fit=crop`,
      brand: { '@type': 'Brand', name: 'שדות הגליל' },
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'ILS',
        lowPrice: 189,
        highPrice: 341,
        offerCount: 3,
        availability: 'https://schema.org/InStock',
      },
    });
    expect(data).not.toHaveProperty('aggregateRating');
  });

  it('leaves out the image, brand and offers it does not have', () => {
    const data = productJsonLd(ORIGIN, { ...product, imageUrl: null, info: { ...product.info, company: null } }, []);
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('brand');
    expect(data).not.toHaveProperty('offers');
  });
});

describe('aggregateOffer', () => {
  it('is out of stock, priced over every offer, when none is in stock', () => {
    expect(aggregateOffer([offer(250, false), offer(210, false)])).toMatchObject({
      lowPrice: 210,
      highPrice: 250,
      offerCount: 2,
      availability: 'https://schema.org/OutOfStock',
    });
  });

  it('carries the shipping details and return policy of spec 9', () => {
    expect(aggregateOffer([offer(100)])).toMatchObject({
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'IL' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 2, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 1, maxValue: 3, unitCode: 'DAY' },
        },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'IL',
        returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
      },
    });
  });
});

describe('pharmJsonLd', () => {
  it('describes the pharmacy: address, position, international phone, page and hours', () => {
    expect(pharmJsonLd(ORIGIN, pharm)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Pharmacy',
      name: 'בית מרקחת מרכז העיר',
      description: 'בית מרקחת מרכז העיר, תל אביב-יפו: מחירים ומלאי של קנאביס רפואי, שעות פתיחה, איסוף עצמי ומשלוחים.',
      url: `${ORIGIN}/pharms/merkaz-tel-aviv`,
      telephone: '+97235271840',
      address: { '@type': 'PostalAddress', streetAddress: 'אבן גבירול 64', addressLocality: 'תל אביב-יפו', addressCountry: 'IL' },
      geo: { '@type': 'GeoCoordinates', latitude: 32.0812, longitude: 34.7815 },
      openingHoursSpecification: openingHoursSpecification(pharm.openingHours),
    });
  });
});

describe('pharmDescription', () => {
  it("is the pharmacy's own SEO description when it has one, else one built from its name and city", () => {
    expect(pharmDescription({ ...pharm, seoDescription: ' קנאביס רפואי במרכז תל אביב, פתוח עד 20:00 ' })).toBe('קנאביס רפואי במרכז תל אביב, פתוח עד 20:00');
    expect(pharmJsonLd(ORIGIN, { ...pharm, seoDescription: 'משלוחים לכל הארץ' })).toMatchObject({ description: 'משלוחים לכל הארץ' });
    expect(pharmDescription({ ...pharm, seoDescription: ' ' })).toBe('בית מרקחת מרכז העיר, תל אביב-יפו: מחירים ומלאי של קנאביס רפואי, שעות פתיחה, איסוף עצמי ומשלוחים.');
  });
});

describe('openingHoursSpecification', () => {
  it('gives one entry per slot, weekday 0 being Sunday, times as HH:mm', () => {
    expect(openingHoursSpecification(pharm.openingHours)).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Sunday', opens: '08:00', closes: '14:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Sunday', opens: '16:00', closes: '20:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Friday', opens: '08:00', closes: '13:00' },
    ]);
  });
});

describe('serializeJsonLd', () => {
  it('escapes < so a value cannot close the script', () => {
    expect(serializeJsonLd({ name: '</script>' })).toBe('{"name":"\\u003c/script>"}');
  });
});

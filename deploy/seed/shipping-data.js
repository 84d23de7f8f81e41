// Shipping areas and prices per pharmacy. Amounts in agorot; for 'min-total-price' the quantity is the
// pharmacy's cart total (after discounts) in agorot from which a row applies, for 'min-items-count' a
// number of items. A quote takes the pharmacy's shipment covering the address's city, else its district,
// else the country; in it the cheapest row the cart reaches, each row on its own measure (none reached: the
// ShippingMinPricing reject, with the minimum the cart is nearest to).
//
// Fixtures (the tests' data set; the demo has them too), by the address a test quotes:
//   merkaz-tel-aviv  city-only: תל אביב-יפו, רמת גן, גבעתיים free from 0;
//                    district תל אביב (e.g. חולון, בת ים, הרצליה): 30 ₪, free from 300 ₪; elsewhere ShipmentNoMatch
//   layla-haifa      district חיפה (חיפה, קריית אתא, חדרה…): 25 ₪, free from 600 ₪;
//                    the rest of the country by items: from 2 items 40 ₪, from 4 free (1 item: ShippingMinPricing, 2 items)
//   yam-eilat        the whole country from 300 ₪ (35 ₪), free from 800 ₪: one dr-green-t20-c4 (219 ₪) or
//                    balance-t10-c10 (215 ₪) is ShippingMinPricing (300 ₪); a second one clears it (35 ₪)
//   galil-karmiel    no shipments (stock only): ShipmentNoMatch everywhere, pickup only
//   shaked-rishon    the whole country, free from 0
// Generated demo pharmacies follow their shipping tag: 'free' free in their own city and 30 ₪ (free from
// 300 ₪) in their district; 'free-all-country' free everywhere; 'paid' a fee in their district (free
// from 300 or 600 ₪) and by items elsewhere; 'paid-all-country' a minimum order of 150–300 ₪ with a fee,
// free from 800 ₪; 'no-shipping' none.
'use strict';

const ILS = 100;
const COUNTRY = { type: 'country', displayText: 'ישראל' };
const district = (name) => ({ type: 'district', displayText: name });
const city = (name) => ({ type: 'city', displayText: name });
const byTotal = (name, areas, rows) => ({ name, quantityType: 'min-total-price', pricings: rows.map(([shekels, fee]) => ({ quantity: shekels * ILS, amount: fee * ILS })), areas });
const byItems = (name, areas, rows) => ({ name, quantityType: 'min-items-count', pricings: rows.map(([items, fee]) => ({ quantity: items, amount: fee * ILS })), areas });

const FIXTURE_SHIPMENTS = {
  'merkaz-tel-aviv': [
    byTotal('משלוח חינם בתל אביב, רמת גן וגבעתיים', [city('תל אביב-יפו'), city('רמת גן'), city('גבעתיים')], [[0, 0]]),
    byTotal('משלוח במחוז תל אביב', [district('תל אביב')], [[0, 30], [300, 0]]),
  ],
  'layla-haifa': [
    byTotal('חיפה והקריות', [district('חיפה')], [[0, 25], [600, 0]]),
    byItems('שליח לכל הארץ', [COUNTRY], [[2, 40], [4, 0]]),
  ],
  'yam-eilat': [byTotal('משלוח לכל הארץ', [COUNTRY], [[300, 35], [800, 0]])],
  'galil-karmiel': [],
  'shaked-rishon': [byTotal('משלוח חינם לכל הארץ', [COUNTRY], [[0, 0]])],
};

function generatedShipments(pharm, rng) {
  const fee = 20 + Math.floor(rng() * 4) * 5; // 20–35 ₪
  switch (pharm.shipping) {
    case 'free':
      return [
        byTotal(`משלוח חינם ב${pharm.city}`, [city(pharm.city)], [[0, 0]]),
        byTotal(`משלוח במחוז ${pharm.district}`, [district(pharm.district)], [[0, 30], [300, 0]]),
      ];
    case 'free-all-country':
      return [byTotal('משלוח חינם לכל הארץ', [COUNTRY], [[0, 0]])];
    case 'paid':
      return [
        byTotal(`משלוח במחוז ${pharm.district}`, [district(pharm.district)], [[0, fee], [rng() < 0.5 ? 300 : 600, 0]]),
        byItems('שליח לכל הארץ', [COUNTRY], [[2, fee + 15], [4, 0]]),
      ];
    case 'paid-all-country':
      return [byTotal('משלוח לכל הארץ', [COUNTRY], [[150 + Math.floor(rng() * 4) * 50, 35], [800, 0]])];
    default:
      return [];
  }
}

function generateShipping(_volume, rng, pharmData) {
  return {
    shipments: pharmData.pharmacies.flatMap((pharm) => {
      const shipments = FIXTURE_SHIPMENTS[pharm.slug] ?? generatedShipments(pharm, rng);
      return shipments.map((s) => ({ pharmSlug: pharm.slug, ...s }));
    }),
  };
}

module.exports = { generateShipping, FIXTURE_SHIPMENTS };

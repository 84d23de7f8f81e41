// Shipping areas and prices per pharmacy, from each pharmacy's shipping tag. Amounts in agorot; for
// 'min-total-price' the quantity is the order total in agorot from which a row applies, for
// 'min-items-count' a number of items.
'use strict';

const ILS = 100;

function shipmentsFor(pharm, rng) {
  const country = [{ type: 'country', displayText: 'ישראל' }];
  const nearby = [{ type: 'district', displayText: pharm.district }];
  switch (pharm.shipping) {
    case 'free':
      return [{ quantityType: 'min-total-price', pricings: [{ quantity: 0, amount: 0 }], areas: nearby }];
    case 'free-all-country':
      return [{ quantityType: 'min-total-price', pricings: [{ quantity: 0, amount: 0 }], areas: country }];
    case 'paid': {
      const fee = (20 + Math.floor(rng() * 4) * 5) * ILS;
      return [
        { quantityType: 'min-total-price', pricings: [{ quantity: 0, amount: fee }, { quantity: 600 * ILS, amount: 0 }], areas: nearby },
        { quantityType: 'min-items-count', pricings: [{ quantity: 2, amount: fee + 15 * ILS }], areas: country },
      ];
    }
    case 'paid-all-country':
      return [{ quantityType: 'min-total-price', pricings: [{ quantity: 200 * ILS, amount: 35 * ILS }, { quantity: 800 * ILS, amount: 0 }], areas: country }];
    default:
      return [];
  }
}

function generateShipping(_volume, rng, pharmData) {
  return {
    shipments: pharmData.pharmacies.flatMap((pharm) => shipmentsFor(pharm, rng).map((s) => ({ pharmSlug: pharm.slug, ...s }))),
  };
}

module.exports = { generateShipping };

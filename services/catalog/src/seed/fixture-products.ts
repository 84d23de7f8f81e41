import type { NewProduct } from '../products/products.service';

/** A small fixed set of products: the demo's first shelf and the fixtures of the tests. */
export const FIXTURE_PRODUCTS: NewProduct[] = [
  {
    slug: 'dr-green-t20-c4', name: 'דוקטור גרין T20/C4', shortName: 'דוקטור גרין', hebName: 'דוקטור גרין', engName: 'Dr. Green',
    company: 'טיקון עולם', cannabisType: 'sativa', thcCbdDosage: 'T20/C4', sizeQuantity: 10, sizeUnit: 'g', isPopular: true,
    tags: [{ slug: 'sativa', name: 'סאטיבה' }, { slug: 'high-thc', name: 'THC גבוה' }],
  },
  {
    slug: 'galilee-gold-t15-c3', name: 'זהב הגליל T15/C3', shortName: 'זהב הגליל', hebName: 'זהב הגליל', engName: 'Galilee Gold',
    company: 'קנאשור', cannabisType: 'indica', thcCbdDosage: 'T15/C3', sizeQuantity: 10, sizeUnit: 'g', isNew: true,
    tags: [{ slug: 'indica', name: 'אינדיקה' }],
  },
  {
    slug: 'balance-t10-c10', name: 'איזון T10/C10', shortName: 'איזון', hebName: 'איזון', engName: 'Balance',
    company: 'פארמוקן', cannabisType: 'hybrid', thcCbdDosage: 'T10/C10', sizeQuantity: 10, sizeUnit: 'g',
    tags: [{ slug: 'hybrid', name: 'היבריד' }, { slug: 'balanced', name: 'מאוזן' }],
  },
  {
    slug: 'calm-cbd-t1-c20', name: 'רוגע T1/C20', shortName: 'רוגע', hebName: 'רוגע', engName: 'Calm CBD',
    company: 'בטר', cannabisType: 'indica', thcCbdDosage: 'T1/C20', sizeQuantity: 10, sizeUnit: 'g',
    tags: [{ slug: 'high-cbd', name: 'CBD גבוה' }],
  },
];

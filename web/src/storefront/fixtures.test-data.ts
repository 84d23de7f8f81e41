import type { Pharm, ProductInfo } from '@mc/contracts';

/** A pharmacy as the storefront's API answers it, with what a test names changed. */
export const pharmFixture = (changes: Partial<Pharm> & Pick<Pharm, 'name' | 'slug'>): Pharm => ({
  address: 'הרצל 1',
  city: 'חיפה',
  lat: 32.8,
  lng: 35,
  distance: null,
  phoneNumber: null,
  whatsappNumber: null,
  wazeAddress: null,
  logo_url: null,
  isOpen: true,
  nextOpening: null,
  isOnboard: true,
  isStockOnly: false,
  shipping: 'free',
  shipmentNotes: null,
  openingHours: {},
  tags: [],
  seoTitle: null,
  seoDescription: null,
  updatedAt: '2026-01-01T00:00:00Z',
  ...changes,
});

/** A product's info with no lab details, with what a test names changed. */
export const productInfoFixture = (changes: Partial<ProductInfo> & Pick<ProductInfo, 'hebName' | 'engName'>): ProductInfo => ({
  company: null,
  cannabisType: 'indica',
  thccbdDosage: 'T20/C4',
  effects: [],
  tastes: [],
  terpenes: [],
  originCountry: null,
  sterilizationMethod: null,
  growingFacility: null,
  originSpecie: null,
  pesticideMethod: null,
  microbialLoad: null,
  moistureTest: null,
  ...changes,
});

// The pharmacies part of the data set: pharmacies (profile, place, hours, tags, slides, announcements)
// and their offers of the catalogue's products, as services/pharm/src/seed/seed.ts loads it.
// Deterministic: everything is drawn from `rng` (a seeded generator) and dates are offsets from a fixed
// reference date. Money is in agorot. Names of pharmacies and chains are made up.
//
// Fixtures (present in both volumes, first, with the same offer ids; the e2e and browser tests rely on them):
//   merkaz-tel-aviv  'בית מרקחת מרכז העיר', תל אביב-יפו; Sun–Thu 08:00–14:00 + 16:00–20:00, Fri 08:00–13:00,
//                    closed Sat; free delivery (its district); tags accessible, home-delivery, pharmacist-consultation
//   layla-haifa      'בית מרקחת לילה', חיפה; open around midnight: Sun–Thu 16:00–01:00, Fri 09:00–14:00,
//                    closed Sat; paid delivery; tags open-late, parking
//   yam-eilat        'פארם הים', אילת; open on Saturday: Sun–Thu 09:00–21:00, Fri 09:00–15:00, Sat 10:00–14:00 +
//                    18:00–22:00; paid delivery all country; tags open-saturday, english-speaking
//   galil-karmiel    'מרקחת הגליל', כרמיאל; stock only (not onboard), no delivery; Sun–Thu 08:30–13:00 + 16:30–19:00,
//                    Fri 08:30–12:30; tags accessible, arabic-speaking
//   shaked-rishon    'בית מרקחת השקד', ראשון לציון; free delivery all country; Sun–Thu 08:00–21:00, Fri 08:00–14:00;
//                    tags home-delivery, quick-pickup, wide-selection
//   Offers (ids 1–19, ₪; * in stock unless noted):
//     merkaz  1 dr-green-t20-c4 189 (popular)   2 dr-green-oil-t20-c4 329   3 galilee-gold-t15-c3 159 (was 199)
//             4 balance-t10-c10 219   5 calm-cbd-t1-c20 189
//     layla   6 dr-green-t20-c4 199   7 galilee-gold-t15-c3 169   8 calm-cbd-t1-c20 175   9 northern-star-pre-roll-t22-c1 349
//     yam     10 dr-green-t20-c4 219 (was 249)   11 balance-t10-c10 215 (was 218: 1%, no badge)
//             12 northern-star-pre-roll-t22-c1 339 (promoted)
//     galil   13 dr-green-t20-c4 179 (out of stock, expires in 20 days)   14 balance-t10-c10 229
//     shaked  15 dr-green-t20-c4 194 (promoted)   16 dr-green-oil-t20-c4 315 (was 350, new)   17 galilee-gold-t15-c3 164 (new)
//             18 calm-cbd-t1-c20 185 (unpublished)   19 northern-star-pre-roll-t22-c1 355
//   In the demo each fixture pharmacy also carries generated offers (ids from 20 on), up to 200 offers.
//   Always in stock (orders never lower them): 9 (layla northern-star) and 17 (shaked galilee-gold). Every offer of
//   the fixtures keeps an amount of 12 (0 when out of stock).
//   Orders are e-mailed to orders@<slug>.pharm.test (every pharmacy).
//   Discounts and coupons (amount: percent, or ₪ here, agorot in the file); valid from 2026-10-02 to 2027-12-31 unless noted:
//     merkaz  MERKAZ_ALL5 all-products 5%   MERKAZ_OIL20 specific-products ₪20 off dr-green-oil-t20-c4 (offer 2)
//             coupons WELCOME10 10% new customers only   SAVE20 ₪20 off each unit
//                     EXPIRED5 5% (ended 2026-10-22)      HIDDEN15 15% (unpublished)
//     layla   LAYLA_NIGHT3 all-products 3%, stacks (allowMultiple)
//             coupons LAYLA15 15%   CALM150 price ₪150 for calm-cbd-t1-c20 (offer 8, listed at 175)
//     shaked  SHAKED_ALL10 all-products 10%   SHAKED_NS25 specific-products ₪25 off northern-star-pre-roll-t22-c1 (offer 19)
//             coupons SHAKED5 5%   SOON10 10% (starts 2027-06-01)
//     yam, galil: none.
//   In the demo every tenth generated pharmacy also has an all-products discount DEMO_ALL_<n> (5–8%), and every
//   twentieth a coupon DEMO<n> (10%).
//   Partner-synced (the licensed-data partner's feed sets their price and stock): yam-eilat (partner code PH-1800) and
//   galil-karmiel (PH-5341); every offer of theirs is `isYarpaLocked` (10–14 in the fixtures), so the back office may
//   not change its price or stock. merkaz-tel-aviv, layla-haifa and shaked-rishon are not synced: the back-office
//   tests edit merkaz's offers.
//
// Demo: 200 pharmacies (the 5 above and 195 generated in the localities of contracts' gazetteer, weighted
// by size, within a few hundred metres of the centre), each with 200 offers: 40,000 in all. Two pharmacies in five
// are partner-synced (the two fixtures above, and the generated pharmacies at places 2 and 3 of every five: 80 of
// the 200), each with a partner code 'PH-' and 4 digits, unique, drawn from no `rng`; deploy/seed/partner.js lists them.
//
// Shape returned (and written to pharm.json):
//   { tags: [{ slug, name }],
//     pharmacies: [{ slug, name, address, city, district, lat, lng, phone, whatsapp, wazeAddress, logoUrl,
//                    isOnboard, isStockOnly, shipping, shipmentNotes, openingHours: { '0'…'6': [{ opensAt, closesAt }] },
//                    seoTitle, seoDescription, popularity, tags: [slug], partnerCode (null when not synced),
//                    slides: [{ placement, type, template, templateData, query, imageUrl }],
//                    announcements: [{ name, content, startsAt, endsAt }],
//                    offers: [{ id, productSlug, price, originalPrice, inStock, amount, published, expiresAt,
//                               isPopular, isNew, isPromoted, alwaysInStock, isYarpaLocked }] }] }
'use strict';
const { PHARM_TAGS } = require('./vocabulary');

const REFERENCE_DATE = Date.UTC(2026, 10, 1); // 2026-11-01, the catalogue's too
const DAY_MS = 86_400_000;
const DEMO_PHARMACIES = 200;
const OFFERS_PER_PHARMACY = 200;
const ILS = 100;

const day = (offset) => new Date(REFERENCE_DATE + offset * DAY_MS).toISOString();
/**
 * Stock expiry counts from the day the data is seeded (the rest from REFERENCE_DATE): stock past its date is not for
 * sale, so a fixed date would empty the shelves as time goes by; this way the data keeps its shares of expired and
 * short-dated stock whenever it is seeded.
 */
const SEED_DAY = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const expiryDay = (offset) => new Date(SEED_DAY + offset * DAY_MS).toISOString();
const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const chance = (rng, p) => rng() < p;
const between = (rng, min, max) => min + Math.floor(rng() * (max - min + 1));
const slot = (opensAt, closesAt) => ({ opensAt, closesAt });
const weekdays = (slots) => Object.fromEntries([0, 1, 2, 3, 4].map((d) => [String(d), slots.map((s) => ({ ...s }))]));

function pickWeighted(rng, entries) {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of entries) if ((r -= w) < 0) return value;
  return entries[entries.length - 1][0];
}

const logoUrl = (slug) => `/media/pharms/${slug}.svg`;

/** The fixtures whose stock comes from the licensed-data partner (their offers are locked in the back office). */
const PARTNER_SYNCED_FIXTURES = new Set(['yam-eilat', 'galil-karmiel']);
/** Whether the pharmacy at `index` of the list is partner-synced: the fixtures above, and 2 generated ones in 5. */
const isPartnerSynced = (pharm, index) =>
  (index < FIXTURE_PHARMACIES.length ? PARTNER_SYNCED_FIXTURES.has(pharm.slug) : index % 5 === 2 || index % 5 === 3);
/**
 * The partner's code of the pharmacy at `index`: 1000–9999, scattered, never twice (3,541 shares no factor with
 * 9,000 = 2³·3²·5³, so `index * 3,541` mod 9,000 repeats only after 9,000 pharmacies).
 */
const partnerCode = (index) => `PH-${1000 + ((index * 3541 + 2718) % 9000)}`;
const slideImageUrl = (slug, placement) => `/media/pharms/${slug}.slide-${placement}.svg`;

// ---------------------------------------------------------------------------------------------- fixtures

const FIXTURE_PHARMACIES = [
  {
    slug: 'merkaz-tel-aviv', name: 'בית מרקחת מרכז העיר', street: 'אבן גבירול 64', city: 'תל אביב-יפו', lat: 32.0812, lng: 34.7815,
    phone: '03-5271840', whatsapp: '052-6180422', isOnboard: true, isStockOnly: false, shipping: 'free', popularity: 90,
    shipmentNotes: 'משלוח חינם באזור תל אביב בימים א׳–ה׳, בהזמנה עד 14:00 המשלוח יוצא באותו יום',
    openingHours: { ...weekdays([slot('08:00', '14:00'), slot('16:00', '20:00')]), 5: [slot('08:00', '13:00')] },
    tags: ['accessible', 'home-delivery', 'pharmacist-consultation'],
    slides: [
      { placement: 1, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title: 'הנמכרים ביותר', backgroundColor: '#0f766e' }, query: { sortBy: 'popular', limit: 8 }, imageUrl: null },
      { placement: 2, type: 'image', template: 'banner', templateData: { title: 'ייעוץ רוקח קנאביס בתיאום מראש', backgroundColor: '#1d4ed8' }, query: null, imageUrl: slideImageUrl('merkaz-tel-aviv', 2) },
    ],
    announcements: [
      { name: 'עדכון מלאי', content: 'המלאי מתעדכן מדי בוקר עד השעה 10:00', startsAt: day(-30), endsAt: null },
      { name: 'שעות שישי', content: 'ביום שישי הקרוב נפתח בשעה 09:00', startsAt: day(-10), endsAt: day(-3) },
    ],
  },
  {
    slug: 'layla-haifa', name: 'בית מרקחת לילה', street: 'שדרות מוריה 98', city: 'חיפה', lat: 32.7865, lng: 35.0075,
    phone: '04-8341277', whatsapp: '054-7723190', isOnboard: true, isStockOnly: false, shipping: 'paid', popularity: 70,
    shipmentNotes: 'משלוחים בחיפה והקריות עד 23:00',
    openingHours: { ...weekdays([slot('16:00', '01:00')]), 5: [slot('09:00', '14:00')] },
    tags: ['open-late', 'parking'],
    slides: [
      { placement: 1, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title: 'מבצעים', backgroundColor: '#7c3aed' }, query: { discounted: true, limit: 8 }, imageUrl: null },
    ],
    announcements: [{ name: 'שעות לילה', content: 'פתוחים עד אחת בלילה בימים א׳–ה׳', startsAt: day(-60), endsAt: null }],
  },
  {
    slug: 'yam-eilat', name: 'פארם הים', street: 'שדרות התמרים 10', city: 'אילת', lat: 29.5577, lng: 34.9519,
    phone: '08-6372215', whatsapp: '050-9931458', isOnboard: true, isStockOnly: false, shipping: 'paid-all-country', popularity: 50,
    shipmentNotes: 'משלוחים לכל הארץ תוך 1–3 ימי עסקים',
    openingHours: { ...weekdays([slot('09:00', '21:00')]), 5: [slot('09:00', '15:00')], 6: [slot('10:00', '14:00'), slot('18:00', '22:00')] },
    tags: ['english-speaking', 'open-saturday'],
    slides: [],
    announcements: [],
  },
  {
    slug: 'galil-karmiel', name: 'מרקחת הגליל', street: 'שדרות נשיאי ישראל 5', city: 'כרמיאל', lat: 32.9171, lng: 35.2945,
    phone: '04-9882036', whatsapp: null, isOnboard: false, isStockOnly: true, shipping: 'no-shipping', popularity: 30,
    shipmentNotes: null,
    openingHours: { ...weekdays([slot('08:30', '13:00'), slot('16:30', '19:00')]), 5: [slot('08:30', '12:30')] },
    tags: ['accessible', 'arabic-speaking'],
    slides: [],
    announcements: [],
  },
  {
    slug: 'shaked-rishon', name: 'בית מרקחת השקד', street: 'רוטשילד 40', city: 'ראשון לציון', lat: 31.9642, lng: 34.8044,
    phone: '03-9654410', whatsapp: '053-4417762', isOnboard: true, isStockOnly: false, shipping: 'free-all-country', popularity: 80,
    shipmentNotes: 'משלוח חינם לכל הארץ תוך 1–3 ימי עסקים',
    openingHours: { ...weekdays([slot('08:00', '21:00')]), 5: [slot('08:00', '14:00')] },
    tags: ['home-delivery', 'quick-pickup', 'wide-selection'],
    slides: [
      { placement: 1, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title: 'מבצעים', backgroundColor: '#be123c' }, query: { discounted: true, limit: 8 }, imageUrl: null },
      { placement: 2, type: 'image', template: 'banner', templateData: { title: 'הזמנה מראש ואיסוף מהיר', backgroundColor: '#b45309' }, query: null, imageUrl: slideImageUrl('shaked-rishon', 2) },
      { placement: 3, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title: 'חדש על המדף', backgroundColor: '#15803d' }, query: { sortBy: 'new', limit: 8 }, imageUrl: null },
    ],
    announcements: [{ name: 'מרשם בוואטסאפ', content: 'ניתן לשלוח מרשם מראש בוואטסאפ ולאסוף תוך שעה', startsAt: day(-14), endsAt: day(365) }],
  },
];

// [pharmacy, product, price ₪, extras]
const FIXTURE_OFFERS = [
  ['merkaz-tel-aviv', 'dr-green-t20-c4', 189, { isPopular: true }],
  ['merkaz-tel-aviv', 'dr-green-oil-t20-c4', 329, {}],
  ['merkaz-tel-aviv', 'galilee-gold-t15-c3', 159, { originalPrice: 199 }],
  ['merkaz-tel-aviv', 'balance-t10-c10', 219, {}],
  ['merkaz-tel-aviv', 'calm-cbd-t1-c20', 189, {}],
  ['layla-haifa', 'dr-green-t20-c4', 199, {}],
  ['layla-haifa', 'galilee-gold-t15-c3', 169, {}],
  ['layla-haifa', 'calm-cbd-t1-c20', 175, {}],
  ['layla-haifa', 'northern-star-pre-roll-t22-c1', 349, { alwaysInStock: true }],
  ['yam-eilat', 'dr-green-t20-c4', 219, { originalPrice: 249 }],
  ['yam-eilat', 'balance-t10-c10', 215, { originalPrice: 218 }],
  ['yam-eilat', 'northern-star-pre-roll-t22-c1', 339, { isPromoted: true }],
  ['galil-karmiel', 'dr-green-t20-c4', 179, { inStock: false, expiresInDays: 20 }],
  ['galil-karmiel', 'balance-t10-c10', 229, {}],
  ['shaked-rishon', 'dr-green-t20-c4', 194, { isPromoted: true }],
  ['shaked-rishon', 'dr-green-oil-t20-c4', 315, { originalPrice: 350, isNew: true }],
  ['shaked-rishon', 'galilee-gold-t15-c3', 164, { isNew: true, alwaysInStock: true }],
  ['shaked-rishon', 'calm-cbd-t1-c20', 185, { published: false }],
  ['shaked-rishon', 'northern-star-pre-roll-t22-c1', 355, {}],
];

function fixturePharmacy(fixture, localities) {
  const { street, ...rest } = fixture;
  const locality = localities.find((l) => l.name === fixture.city);
  if (!locality) throw new Error(`pharm-data: ${fixture.city} is not in the gazetteer`);
  return {
    ...rest,
    address: street,
    district: locality.district,
    wazeAddress: `${street}, ${fixture.city}`,
    logoUrl: logoUrl(fixture.slug),
    seoTitle: seoTitle(fixture.name, fixture.city),
    seoDescription: seoDescription(fixture.name, street, fixture.city),
    orderEmail: orderEmail(fixture.slug),
    offers: [],
    discounts: FIXTURE_DISCOUNTS[fixture.slug] ?? [],
  };
}

function fixtureOffer(id, product, price, extras) {
  const inStock = extras.inStock !== false;
  return {
    id,
    productSlug: product,
    price: price * ILS,
    originalPrice: extras.originalPrice ? extras.originalPrice * ILS : null,
    inStock,
    amount: inStock ? 12 : 0,
    published: extras.published !== false,
    expiresAt: expiryDay(extras.expiresInDays ?? 240),
    isPopular: extras.isPopular === true,
    isNew: extras.isNew === true,
    isPromoted: extras.isPromoted === true,
    alwaysInStock: extras.alwaysInStock === true,
  };
}

const VALID_FROM = day(-30); // 2026-10-02
const VALID_UNTIL = '2027-12-31T21:59:59.000Z'; // the end of 2027-12-31 in Israel

function discount(code, name, type, amountType, amount, extras = {}) {
  return {
    code, name, type, amountType, amount,
    published: extras.published !== false,
    allowMultiple: extras.allowMultiple === true,
    newCustomersOnly: extras.newCustomersOnly === true,
    startsAt: extras.startsAt ?? VALID_FROM,
    endsAt: extras.endsAt ?? VALID_UNTIL,
    productSlugs: extras.productSlugs ?? [],
  };
}

// The fixtures' discounts and coupons (amounts: percent, or agorot); the e2e and browser tests rely on their codes.
const FIXTURE_DISCOUNTS = {
  'merkaz-tel-aviv': [
    discount('MERKAZ_ALL5', 'הנחת מועדון 5%', 'all-products', 'percent', 5),
    discount('MERKAZ_OIL20', '20 ₪ הנחה על שמן', 'specific-products', 'fixed', 20 * ILS, { productSlugs: ['dr-green-oil-t20-c4'] }),
    discount('WELCOME10', 'ברוכים הבאים: 10% הנחה', 'coupon', 'percent', 10, { newCustomersOnly: true }),
    discount('SAVE20', '20 ₪ הנחה על כל מוצר', 'coupon', 'fixed', 20 * ILS),
    discount('EXPIRED5', 'מבצע שהסתיים', 'coupon', 'percent', 5, { startsAt: day(-60), endsAt: day(-10) }),
    discount('HIDDEN15', 'קופון טיוטה', 'coupon', 'percent', 15, { published: false }),
  ],
  'layla-haifa': [
    discount('LAYLA_NIGHT3', 'הנחת לילה 3%', 'all-products', 'percent', 3, { allowMultiple: true }),
    discount('LAYLA15', '15% הנחה', 'coupon', 'percent', 15),
    discount('CALM150', 'קאלם ב-150 ₪', 'coupon', 'price', 150 * ILS, { productSlugs: ['calm-cbd-t1-c20'] }),
  ],
  'shaked-rishon': [
    discount('SHAKED_ALL10', '10% הנחה על הכל', 'all-products', 'percent', 10),
    discount('SHAKED_NS25', '25 ₪ הנחה על נורת׳רן סטאר', 'specific-products', 'fixed', 25 * ILS, { productSlugs: ['northern-star-pre-roll-t22-c1'] }),
    discount('SHAKED5', '5% הנחה', 'coupon', 'percent', 5),
    discount('SOON10', 'מבצע קיץ', 'coupon', 'percent', 10, { startsAt: '2027-05-31T21:00:00.000Z' }),
  ],
};

const orderEmail = (slug) => `orders@${slug}.pharm.test`;

// ---------------------------------------------------------------------------------------------- words

// Larger places get more pharmacies; everything else in the gazetteer weighs 1.
const CITY_WEIGHTS = {
  'ירושלים': 22, 'תל אביב-יפו': 16, 'חיפה': 10, 'ראשון לציון': 7, 'פתח תקווה': 7, 'אשדוד': 6, 'נתניה': 6, 'באר שבע': 6,
  'חולון': 5, 'בני ברק': 4, 'רמת גן': 5, 'רחובות': 4, 'בת ים': 3, 'אשקלון': 4, 'הרצליה': 3, 'כפר סבא': 3, 'חדרה': 3,
  'מודיעין-מכבים-רעות': 3, 'נצרת': 3, 'רעננה': 2, 'לוד': 2, 'רמלה': 2, 'בית שמש': 2, 'קריית אתא': 2, 'עפולה': 2,
  'נהריה': 2, 'כרמיאל': 2, 'הוד השרון': 2, 'גבעתיים': 2, 'קריית גת': 2, 'אילת': 2, 'טבריה': 2, 'עכו': 2, 'רהט': 2,
};

// Cities where Saturday opening (and Arabic, Russian, Amharic service) is common.
const ARAB_TOWNS = new Set(['נצרת', 'אום אל-פחם', 'טייבה', 'סח׳נין', 'רהט']);
const MIXED_CITIES = new Set(['חיפה', 'עכו', 'לוד', 'רמלה', 'ירושלים', 'תל אביב-יפו', 'מעלות-תרשיחא']);
const RUSSIAN_CITIES = new Set(['אשדוד', 'באר שבע', 'חיפה', 'נתניה', 'אשקלון', 'כרמיאל', 'ערד', 'דימונה', 'בת ים', 'קריית ים', 'אריאל', 'מגדל העמק', 'קריית שמונה', 'נהריה']);
const AMHARIC_CITIES = new Set(['נתניה', 'רחובות', 'קריית גת', 'אשדוד', 'קריית מלאכי', 'באר שבע', 'עפולה', 'גדרה']);
const SATURDAY_TOWNS = new Set([...ARAB_TOWNS, 'אילת', 'תל אביב-יפו', 'חיפה']);

const CHAINS = [
  { he: 'פארמה פלוס', en: 'pharma-plus' },
  { he: 'מרקחת הבריאות', en: 'merkahat-habriut' },
  { he: 'ירוק פארם', en: 'yarok-pharm' },
  { he: 'מרפא', en: 'marpe' },
];

const NAMES = [
  ['רימון', 'rimon'], ['הדקל', 'hadekel'], ['אורן', 'oren'], ['גפן', 'gefen'], ['תאנה', 'teena'], ['הזית', 'hazayit'],
  ['ברוש', 'brosh'], ['אלון', 'alon'], ['נרקיס', 'narkis'], ['כלנית', 'kalanit'], ['רקפת', 'rakefet'], ['השקמה', 'hashikma'],
  ['המושבה', 'hamoshava'], ['הגבעה', 'hagiva'], ['הפארק', 'hapark'], ['השוק', 'hashuk'], ['הנמל', 'hanamal'], ['העמק', 'haemek'],
  ['הכרמל', 'hacarmel'], ['השרון', 'hasharon'], ['אופק', 'ofek'], ['מרום', 'marom'], ['יובל', 'yuval'], ['שלווה', 'shalva'],
  ['טל', 'tal'], ['נוף', 'nof'], ['אביב', 'aviv'], ['הדר', 'hadar'], ['מעיין', 'maayan'], ['ניצן', 'nitzan'],
];
const PREFIXES = [['בית מרקחת', ''], ['פארם', 'pharm'], ['מרקחת', 'merkahat']];

const STREETS = [
  'הרצל', 'ויצמן', 'בן גוריון', 'ז׳בוטינסקי', 'רוטשילד', 'הנשיא', 'העצמאות', 'ירושלים', 'הגפן', 'סוקולוב', 'אחד העם', 'ביאליק',
  'הרב קוק', 'ההסתדרות', 'יהודה הלוי', 'שדרות ירושלים', 'הנביאים', 'המלאכה', 'החשמונאים', 'בר אילן', 'רבי עקיבא', 'קק״ל',
  'הבנים', 'השלום', 'טרומפלדור', 'אלנבי', 'מרכז מסחרי', 'שדרות הציונות', 'הפלמ״ח', 'דרך השלום',
];

const AREA_CODES = {
  'ירושלים': ['02'], 'תל אביב': ['03'], 'המרכז': ['03', '08', '09'], 'חיפה': ['04'], 'הצפון': ['04'], 'הדרום': ['08'], 'יהודה ושומרון': ['02', '03'],
};
const SHARON = new Set(['נתניה', 'כפר סבא', 'רעננה', 'הרצליה', 'הוד השרון', 'רמת השרון', 'כפר יונה', 'אבן יהודה', 'טייבה']);
const MOBILE_PREFIXES = ['050', '052', '053', '054', '055', '058'];

const SHIPPING = [['no-shipping', 30], ['paid', 25], ['free', 20], ['paid-all-country', 15], ['free-all-country', 10]];
const SHIPMENT_NOTES = {
  free: ['משלוח חינם באזור, בימים א׳–ה׳ עד השעה 18:00', 'משלוח חינם באזור באותו יום בהזמנה עד 12:00'],
  paid: ['משלוחים באזור בימים א׳–ה׳ עד השעה 19:00', 'משלוח עד הבית באזור תוך יום עסקים'],
  'free-all-country': ['משלוח חינם לכל הארץ תוך 1–3 ימי עסקים'],
  'paid-all-country': ['משלוחים לכל הארץ תוך 1–3 ימי עסקים', 'משלוח לכל הארץ באמצעות שליח, תוך 2 ימי עסקים'],
};

const QUERY_SLIDES = [
  { title: 'הנמכרים ביותר', query: { sortBy: 'popular', limit: 8 } },
  { title: 'מבצעים', query: { discounted: true, limit: 8 } },
  { title: 'חדש על המדף', query: { sortBy: 'new', limit: 8 } },
  { title: 'סאטיבה במלאי', query: { cannabisTypes: ['sativa'], limit: 8 } },
  { title: 'אינדיקה במלאי', query: { cannabisTypes: ['indica'], limit: 8 } },
];
const IMAGE_SLIDES = ['מלאי מתעדכן מדי יום', 'ייעוץ רוקח קנאביס בתיאום מראש', 'הזמנה מראש ואיסוף מהיר', 'שעות פתיחה מורחבות', 'שירות אדיב ודיסקרטי'];
const SLIDE_COLOURS = ['#0f766e', '#15803d', '#1d4ed8', '#7c3aed', '#be123c', '#b45309', '#0369a1', '#4d7c0f'];

// [back-office name, content]
const ANNOUNCEMENTS = [
  ['עדכון מלאי', 'המלאי מתעדכן מדי בוקר עד השעה 10:00'],
  ['מרשם בוואטסאפ', 'ניתן לשלוח מרשם מראש בוואטסאפ ולאסוף תוך שעה'],
  ['ספירת מלאי', 'בשל ספירת מלאי נסגור ביום ג׳ הקרוב בשעה 17:00'],
  ['פתיחה בשישי', 'החל מהחודש הבא נפתח גם בימי שישי עד 14:00'],
  ['חניה', 'חניה חינם ללקוחות בחניון הסמוך'],
  ['מסמכים באיסוף', 'יש להציג רישיון ומרשם בתוקף בעת האיסוף'],
];

const seoTitle = (name, city) => `${name}, ${city} | מחירים ומלאי קנאביס רפואי`;
const seoDescription = (name, address, city) => `המחירים והמלאי העדכניים של קנאביס רפואי ב${name}, ${address}, ${city}: שעות פתיחה, משלוחים והזמנה לאיסוף.`;

const cityWeight = (name) => CITY_WEIGHTS[name] ?? 1;

// ---------------------------------------------------------------------------------------------- hours

const hhmm = (minutes) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const at = (h, m = 0) => h * 60 + m;

/** Opening hours as Israeli pharmacies keep them: weekdays, short Friday, mostly closed on Saturday. */
function openingHours(rng, kind) {
  const half = () => (chance(rng, 0.5) ? 30 : 0);
  switch (kind) {
    case 'night':
      return { ...weekdays([slot('18:00', '02:00')]), 5: [slot('10:00', '14:00'), slot('21:00', '02:00')], 6: [slot('19:00', '02:00')] };
    case 'saturday': {
      const opens = hhmm(at(8, half()));
      return { ...weekdays([slot(opens, '22:00')]), 5: [slot(opens, '16:00')], 6: [slot('09:00', '13:00'), slot('17:00', '21:00')] };
    }
    case 'mall': {
      const opens = hhmm(at(9, half()));
      return { ...weekdays([slot(opens, hhmm(at(21 + between(rng, 0, 1), half())))]), 5: [slot('09:00', hhmm(at(14, half())))], 6: [slot(hhmm(at(19, 30 + half() / 2)), '23:00')] };
    }
    case 'continuous': {
      const opens = hhmm(at(8, half()));
      return { ...weekdays([slot(opens, hhmm(at(19 + between(rng, 0, 2), 0)))]), 5: [slot(opens, hhmm(at(13 + between(rng, 0, 1), 0)))] };
    }
    default: {
      const opens = hhmm(at(8, half()));
      const noon = hhmm(at(13, half()));
      const back = hhmm(at(16, half()));
      const closes = hhmm(at(19, half()));
      const hours = { ...weekdays([slot(opens, noon), slot(back, closes)]), 5: [slot(opens, hhmm(at(13, half())))] };
      if (chance(rng, 0.3)) hours[String(between(rng, 1, 3))] = [slot(opens, hhmm(at(14, 0)))]; // one short afternoon a week
      return hours;
    }
  }
}

const lateClosing = (hours) => Object.values(hours).some((slots) => slots.some((s) => s.closesAt >= '22:00' || s.closesAt < s.opensAt));

// ---------------------------------------------------------------------------------------------- pharmacies

function phone(rng, locality) {
  const codes = SHARON.has(locality.name) ? ['09'] : AREA_CODES[locality.district] ?? ['03'];
  return `${pick(rng, codes)}-${between(rng, 2, 9)}${String(between(rng, 0, 999_999)).padStart(6, '0')}`;
}
const mobile = (rng) => `${pick(rng, MOBILE_PREFIXES)}-${between(rng, 2, 9)}${String(between(rng, 0, 999_999)).padStart(6, '0')}`;

const slugify = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

function pharmTags(rng, city, hours, shipping) {
  const tags = new Set();
  if (lateClosing(hours)) tags.add('open-late');
  if ((hours['6'] ?? []).length) tags.add('open-saturday');
  if (shipping !== 'no-shipping' && chance(rng, 0.7)) tags.add('home-delivery');
  if (chance(rng, 0.5)) tags.add('accessible');
  if (chance(rng, 0.35)) tags.add('parking');
  if (chance(rng, 0.3)) tags.add('pharmacist-consultation');
  if (chance(rng, 0.15)) tags.add('english-speaking');
  if (RUSSIAN_CITIES.has(city) && chance(rng, 0.4)) tags.add('russian-speaking');
  if (ARAB_TOWNS.has(city) || (MIXED_CITIES.has(city) && chance(rng, 0.3))) tags.add('arabic-speaking');
  if (AMHARIC_CITIES.has(city) && chance(rng, 0.2)) tags.add('amharic-speaking');
  if (chance(rng, 0.3)) tags.add('quick-pickup');
  if (chance(rng, 0.25)) tags.add('wide-selection');
  return PHARM_TAGS.map((t) => t.slug).filter((slug) => tags.has(slug));
}

function slides(rng, slug, name) {
  const count = between(rng, 1, 4);
  const list = [];
  const queries = [...QUERY_SLIDES];
  for (let placement = 1; placement <= count; placement++) {
    const colour = pick(rng, SLIDE_COLOURS);
    if (placement === 1 || (queries.length && chance(rng, 0.5))) {
      const { title, query } = queries.splice(Math.floor(rng() * queries.length), 1)[0];
      list.push({ placement, type: 'pharmProductsQuery', template: 'products-carousel', templateData: { title, backgroundColor: colour }, query, imageUrl: null });
    } else {
      const title = placement === 2 && chance(rng, 0.3) ? `ברוכים הבאים ל${name}` : pick(rng, IMAGE_SLIDES);
      list.push({ placement, type: 'image', template: 'banner', templateData: { title, backgroundColor: colour }, query: null, imageUrl: slideImageUrl(slug, placement) });
    }
  }
  return list;
}

function announcements(rng) {
  const count = pickWeighted(rng, [[0, 40], [1, 40], [2, 20]]);
  const texts = [...ANNOUNCEMENTS];
  return Array.from({ length: count }, () => {
    const [name, content] = texts.splice(Math.floor(rng() * texts.length), 1)[0];
    const ended = chance(rng, 0.1);
    return { name, content, startsAt: day(-between(rng, 1, 90)), endsAt: ended ? day(-between(rng, 1, 5)) : chance(rng, 0.3) ? day(between(rng, 180, 540)) : null };
  });
}

function generatedPharmacy(rng, locality, taken, nightsLeft) {
  const chain = chance(rng, 0.35) ? pick(rng, CHAINS) : null;
  let name;
  let base;
  if (chain) {
    name = `${chain.he} ${locality.name}`;
    base = `${chain.en}-${slugify(locality.engName)}`;
  } else {
    const [prefixHe, prefixEn] = pick(rng, PREFIXES);
    const [wordHe, wordEn] = pick(rng, NAMES);
    name = `${prefixHe} ${wordHe}`;
    base = `${prefixEn ? `${prefixEn}-` : ''}${wordEn}-${slugify(locality.engName)}`;
  }
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);

  const street = `${pick(rng, STREETS)} ${between(rng, 1, 120)}`;
  const isStockOnly = chance(rng, 0.1);
  const shipping = isStockOnly ? 'no-shipping' : pickWeighted(rng, SHIPPING);
  const saturday = chance(rng, ARAB_TOWNS.has(locality.name) || locality.name === 'אילת' ? 0.5 : SATURDAY_TOWNS.has(locality.name) ? 0.2 : 0.01);
  const kind = nightsLeft > 0 && chance(rng, 0.04) ? 'night'
    : saturday ? 'saturday'
      : pickWeighted(rng, [['split', 50], ['continuous', 40], ['mall', 10]]);
  const hours = openingHours(rng, kind);
  const lat = Math.round((locality.lat + (rng() - 0.5) * 0.007) * 1e6) / 1e6;
  const lng = Math.round((locality.lng + (rng() - 0.5) * 0.008) * 1e6) / 1e6;
  return {
    slug,
    name,
    address: street,
    city: locality.name,
    district: locality.district,
    lat,
    lng,
    phone: phone(rng, locality),
    whatsapp: chance(rng, 0.85) ? mobile(rng) : null,
    wazeAddress: `${street}, ${locality.name}`,
    logoUrl: chance(rng, 0.8) ? logoUrl(slug) : null,
    isOnboard: !isStockOnly && chance(rng, 0.9),
    isStockOnly,
    shipping,
    shipmentNotes: shipping === 'no-shipping' ? null : pick(rng, SHIPMENT_NOTES[shipping]),
    openingHours: hours,
    seoTitle: seoTitle(name, locality.name),
    seoDescription: seoDescription(name, street, locality.name),
    popularity: Math.floor(100 * rng() ** 1.6),
    tags: pharmTags(rng, locality.name, hours, shipping),
    slides: slides(rng, slug, name),
    announcements: announcements(rng),
    orderEmail: orderEmail(slug),
    offers: [],
    discounts: [],
    kind,
  };
}

// ---------------------------------------------------------------------------------------------- offers

const FALLBACK_PRICE = 250 * ILS;
// The market's span for a pack (about 150–420 ₪ per 10 g): no shelf price strays outside it.
const MIN_SHELF_SHEKELS = 145;
const MAX_SHELF_SHEKELS = 429;

/** A shelf price near the product's typical one: the pharmacy's own level, a little noise, whole shekels or .90. */
function shelfPrice(rng, typical, level) {
  const shekels = (typical / ILS) * level * (0.95 + rng() * 0.1);
  const whole = Math.min(MAX_SHELF_SHEKELS, Math.max(MIN_SHELF_SHEKELS + 1, Math.round(shekels)));
  return chance(rng, 0.3) ? whole * ILS - 10 : whole * ILS;
}

function generatedOffer(rng, product, level) {
  const price = shelfPrice(rng, product.estimatedPrice ?? FALLBACK_PRICE, level);
  const discounted = chance(rng, 0.18);
  const tiny = !discounted && chance(rng, 0.01);
  const percent = discounted ? pick(rng, [5, 8, 10, 12, 15, 20, 25, 30]) : tiny ? 1 : 0;
  const originalPrice = percent ? Math.round(price / (1 - percent / 100) / ILS) * ILS : null;
  const inStock = chance(rng, product.isPopular ? 0.92 : 0.84);
  const launchedRecently = product.launchedAt && REFERENCE_DATE - Date.parse(product.launchedAt) < 60 * DAY_MS;
  const expiry = chance(rng, 0.005) ? -between(rng, 1, 20) : chance(rng, 0.04) ? between(rng, 5, 30) : between(rng, 45, 540);
  return {
    productSlug: product.slug,
    price,
    originalPrice: originalPrice && originalPrice > price ? originalPrice : null,
    inStock,
    amount: inStock ? between(rng, 1, 40) : 0,
    published: chance(rng, 0.97),
    expiresAt: expiryDay(expiry),
    isPopular: chance(rng, product.isPopular ? 0.3 : 0.06),
    isNew: launchedRecently ? chance(rng, 0.6) : chance(rng, 0.03),
    isPromoted: chance(rng, 0.04),
  };
}

/** `count` products not yet on the shelf, popular ones more likely (weighted sampling without replacement). */
function shelfOf(rng, products, count, already) {
  return products
    .filter((p) => !already.has(p.slug))
    .map((p) => ({ p, key: rng() ** (1 / (20 + (p.popularity ?? 50))) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map(({ p }) => p);
}

// ---------------------------------------------------------------------------------------------- entry

function loadLocalities() {
  try {
    return require('../../contracts/dist/shipping/localities').LOCALITIES;
  } catch {
    throw new Error('pharm-data: contracts/dist is missing; build it first (npx nx run @mc/contracts:build)');
  }
}

/**
 * The pharmacies of a volume ('fixtures' or 'demo'), drawn from `rng` alone; `catalogData` is what
 * catalog-data.js returned (its products' slugs, popularity, launch dates and typical prices).
 */
function generatePharm(volume, rng, catalogData) {
  const localities = loadLocalities();
  const products = catalogData.products;
  const known = new Set(products.map((p) => p.slug));
  const pharmacies = FIXTURE_PHARMACIES.map((f) => fixturePharmacy(f, localities));
  const bySlug = new Map(pharmacies.map((p) => [p.slug, p]));
  let nextId = 1;
  for (const [pharmSlug, productSlug, price, extras] of FIXTURE_OFFERS) {
    if (!known.has(productSlug)) throw new Error(`pharm-data: fixture product ${productSlug} is not in the catalogue`);
    bySlug.get(pharmSlug).offers.push(fixtureOffer(nextId++, productSlug, price, extras));
  }

  if (volume !== 'fixtures') {
    const taken = new Set(pharmacies.map((p) => p.slug));
    const weighted = localities.map((l) => [l, cityWeight(l.name)]);
    let nights = 2;
    while (pharmacies.length < DEMO_PHARMACIES) {
      const pharm = generatedPharmacy(rng, pickWeighted(rng, weighted), taken, nights);
      if (pharm.kind === 'night') nights--;
      delete pharm.kind;
      pharmacies.push(pharm);
    }
    for (const pharm of pharmacies) {
      const level = 0.92 + rng() * 0.18;
      const shelf = shelfOf(rng, products, OFFERS_PER_PHARMACY - pharm.offers.length, new Set(pharm.offers.map((o) => o.productSlug)));
      for (const product of shelf) {
        const id = nextId++;
        // No draw from rng: the rest of the data stays what it was.
        pharm.offers.push({ id, ...generatedOffer(rng, product, level), alwaysInStock: id % 25 === 0 });
      }
    }
    // A few generated pharmacies' discounts, without drawing from rng.
    pharmacies.forEach((pharm, n) => {
      if (n < FIXTURE_PHARMACIES.length) return;
      if (n % 10 === 0) pharm.discounts.push(discount(`DEMO_ALL_${n}`, `${5 + (n / 10) % 4}% הנחה על הכל`, 'all-products', 'percent', 5 + (n / 10) % 4));
      if (n % 20 === 0) pharm.discounts.push(discount(`DEMO${n}`, '10% הנחה בקופון', 'coupon', 'percent', 10));
    });
  }
  // Without drawing from rng, so the rest of the data stays what it was.
  pharmacies.forEach((pharm, n) => {
    const synced = isPartnerSynced(pharm, n);
    pharm.partnerCode = synced ? partnerCode(n) : null;
    for (const offer of pharm.offers) offer.isYarpaLocked = synced;
  });
  return { tags: PHARM_TAGS.map(({ slug, name }) => ({ slug, name })), pharmacies };
}

module.exports = { generatePharm, FIXTURE_PHARMACIES, REFERENCE_DATE };

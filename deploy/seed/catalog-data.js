// The catalogue part of the data set: products, tags, FAQ, footer links and messaging groups, as
// services/catalog/src/seed/seed.ts loads it. Deterministic: everything is drawn from `rng` (a seeded
// generator) and dates are offsets from a fixed reference date. Money is in agorot.
//
// Fixture slugs (present in both volumes; the e2e and browser tests rely on them):
//   products  dr-green-t20-c4          'דוקטור גרין T20/C4', sativa flower, family dr-green, popular
//             dr-green-oil-t20-c4      its oil variant (family dr-green)
//             galilee-gold-t15-c3      'זהב הגליל T15/C3', indica flower, new
//             balance-t10-c10          'איזון T10/C10', hybrid flower, greenmed's (the fixtures' one product of the spec's companies)
//             calm-cbd-t1-c20          'רוגע T1/C20', indica flower, high CBD
//             northern-star-pre-roll-t22-c1  'כוכב הצפון פרה-רול T22/C1', sativa pre-roll
//   tags      sativa, indica, hybrid, flower, oil, pre-roll, high-thc, balanced, high-cbd, and every
//             pharmacy tag of vocabulary.js (accessible, parking, home-delivery, open-late, …)
//   faq       8 items, ids 1–8;  social groups ids 1–3 in fixtures
//   companies every company of COMPANIES and the spec's greenmed, medocann and bubble, in both volumes
//
// Every product has the licensed-data partner's id (`yarpaProductId`, 'YRP-' and 6 digits, unique), given by its place
// in the list and drawn from no `rng`: the fixture products come first in both volumes, so they keep theirs
// (dr-green-t20-c4 is YRP-204729); deploy/seed/partner.js hands the same ids to the fake partner's feeds.
//
// Shape returned (and written to catalog.json):
//   { companies: [{ slug, name, licenceNumber }],
//     tags: [{ slug, name, title, seoTitle, seoDescription }],
//     products: [{ slug, name, shortName, type, hebName, engName, company, companySlug, cannabisType, thccbdDosage, family,
//                  effects, tastes, terpenes, originCountry, sterilizationMethod, growingFacility, originSpecie,
//                  pesticideMethod, microbialLoad, moistureTest, sizeQuantity, sizeUnit,
//                  estimatedPrice (agorot, per package of 10 g / 10 ml), yarpaProductId, popularity (0–100), isPopular, isNew,
//                  launchedAt (ISO), tags: [tag slug] }],
//     faq: [{ id, category, question, answer, medicalDisclaimer }],
//     footerLinks: [{ label, url, newWindow, children: [...] }],
//     socialGroups: [{ id, region, city, category, dosage, discountPercent, priceCap (agorot), url }] }
'use strict';
const { PHARM_TAGS } = require('./vocabulary');

const REFERENCE_DATE = Date.UTC(2026, 10, 1); // 2026-11-01
const DAY_MS = 86_400_000;
const DEMO_PRODUCTS = 800;
const DEMO_TAGS = 150;

// ---------------------------------------------------------------------------------------------- words

const COMPANIES = [
  { slug: 'galil-fields', name: 'שדות הגליל' },
  { slug: 'green-valley-med', name: 'עמק ירוק מדיקל' },
  { slug: 'or-hatsemach', name: 'אור הצמח' },
  { slug: 'neta-medical', name: 'נטע מדיקל' },
  { slug: 'carmel-heights', name: 'רמות הכרמל' },
  { slug: 'sharon-seed', name: 'זרע השרון' },
  { slug: 'adama-med', name: 'אדמה מד' },
  { slug: 'nitzan-bio', name: 'ניצן ביו' },
  { slug: 'rakia-pharma', name: 'רקיע פארמה' },
  { slug: 'tamar-grow', name: 'תמר גרואו' },
  { slug: 'alon-plants', name: 'אלון צמחי מרפא' },
  { slug: 'maayan-med', name: 'מעיין מד' },
  { slug: 'kenaan-leaf', name: 'עלה כנען' },
  { slug: 'meron-growers', name: 'מגדלי מירון' },
  { slug: 'negev-botanics', name: 'בוטניקה נגב' },
  { slug: 'arava-sun', name: 'שמש הערבה' },
];

// The spec's companies (back-office.md §6: the stock report's flag names them). They have no tag pages.
const SPEC_COMPANIES = [
  { slug: 'greenmed', name: 'גרינמד' },
  { slug: 'medocann', name: 'מדוקאן' },
  { slug: 'bubble', name: 'באבל' },
];

/** Every company with its licence number (drawn from no `rng`: its place in the list); the same in both volumes. */
const ALL_COMPANIES = [...COMPANIES, ...SPEC_COMPANIES].map((c, i) => ({
  ...c, licenceNumber: `IL-MC-${2019 + (i % 6)}-${String(1000 + ((i * 7919) % 9000)).padStart(4, '0')}`,
}));

/** The demo's odds of a strain being each company's: greenmed twice the others', so it is the demo's largest. */
const COMPANY_ODDS = ALL_COMPANIES.map((c) => ({ value: c, weight: c.slug === 'greenmed' ? 2 : 1 }));

const CANNABIS_TYPES = [
  { slug: 'sativa', name: 'סאטיבה' },
  { slug: 'indica', name: 'אינדיקה' },
  { slug: 'hybrid', name: 'היבריד' },
];

const PRODUCT_TYPES = [
  { slug: 'flower', name: 'תפרחת' },
  { slug: 'oil', name: 'שמן' },
  { slug: 'pre-roll', name: 'מגולגל (פרה-רול)' },
];

const DOSAGE_BANDS = [
  { slug: 'high-thc', name: 'THC גבוה' },
  { slug: 'balanced', name: 'מאוזן' },
  { slug: 'high-cbd', name: 'CBD גבוה' },
];

const EFFECTS = [
  { slug: 'relaxation', name: 'רגיעה' },
  { slug: 'energy', name: 'אנרגיה' },
  { slug: 'sleep', name: 'שינה' },
  { slug: 'pain-relief', name: 'הקלה בכאב' },
  { slug: 'focus', name: 'ריכוז' },
  { slug: 'appetite', name: 'תיאבון' },
  { slug: 'mood', name: 'מצב רוח' },
  { slug: 'creativity', name: 'יצירתיות' },
  { slug: 'muscle-relief', name: 'הרפיית שרירים' },
];

const TASTES = [
  { slug: 'citrus', name: 'הדרים' },
  { slug: 'earthy', name: 'אדמתי' },
  { slug: 'sweet', name: 'מתוק' },
  { slug: 'fruity', name: 'פירותי' },
  { slug: 'piney', name: 'אורן' },
  { slug: 'minty', name: 'מנטה' },
  { slug: 'spicy', name: 'תבלין' },
  { slug: 'grape', name: 'ענבים' },
  { slug: 'lemon', name: 'לימון' },
  { slug: 'vanilla', name: 'וניל' },
];

// Terpenes by their Hebrew names (the tag pages and the products' tags show them; the slugs stay the chemists' names).
const TERPENES = [
  { slug: 'myrcene', name: 'מירצן' },
  { slug: 'limonene', name: 'לימונן' },
  { slug: 'caryophyllene', name: 'קריופילן' },
  { slug: 'pinene', name: 'פינן' },
  { slug: 'linalool', name: 'לינלול' },
  { slug: 'humulene', name: 'הומולן' },
  { slug: 'terpinolene', name: 'טרפינולן' },
  { slug: 'ocimene', name: 'אוצימן' },
];

const ORIGINS = [
  { slug: 'origin-israel', name: 'ישראל' },
  { slug: 'origin-canada', name: 'קנדה' },
  { slug: 'origin-portugal', name: 'פורטוגל' },
  { slug: 'origin-north-macedonia', name: 'מקדוניה הצפונית' },
  { slug: 'origin-uruguay', name: 'אורוגוואי' },
  { slug: 'origin-colombia', name: 'קולומביה' },
  { slug: 'origin-australia', name: 'אוסטרליה' },
];

const FACILITIES = [
  { slug: 'greenhouse', name: 'חממה' },
  { slug: 'indoor', name: 'גידול פנים' },
  { slug: 'outdoor', name: 'גידול בשטח פתוח' },
];

const PESTICIDE_METHODS = [
  { value: 'organic', slug: 'organic', name: 'גידול אורגני' },
  { value: 'biological', slug: 'biological-pest-control', name: 'הדברה ביולוגית' },
  { value: 'chemical', slug: 'chemical-pest-control', name: 'הדברה כימית' },
  { value: 'no', slug: 'no-pesticides', name: 'ללא הדברה' },
];

// Parent strains (genetics are common names, not brands).
const LINEAGE = [
  'OG Kush', 'Blue Dream', 'Northern Lights', 'White Widow', 'Sour Diesel', 'Girl Scout Cookies', 'Gelato', 'Skunk #1',
  'Haze', 'Afghani', 'Hindu Kush', 'Jack Herer', 'Durban Poison', 'Granddaddy Purple', 'Cherry Pie', 'Lemon Haze',
  'Wedding Cake', 'Purple Punch', 'Zkittlez', 'Harlequin',
].map((name) => ({ slug: `lineage-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-+$/, '')}`, name }));

const OCCASIONS = [
  { slug: 'beginners', name: 'מתאים למתחילים' },
  { slug: 'experienced', name: 'למטופלים מנוסים' },
  { slug: 'day-use', name: 'לשימוש ביום' },
  { slug: 'night-use', name: 'לשימוש בלילה' },
  { slug: 'new-arrivals', name: 'חדש על המדף' },
  { slug: 'popular', name: 'הנמכרים ביותר' },
  { slug: 'best-value', name: 'משתלם במיוחד' },
  { slug: 'premium', name: 'פרימיום' },
  { slug: 'limited-edition', name: 'מהדורה מוגבלת' },
];

const DOSAGES = [
  { value: 'T26/C1', weight: 2 }, { value: 'T24/C1', weight: 3 }, { value: 'T22/C1', weight: 5 }, { value: 'T20/C4', weight: 6 },
  { value: 'T19/C1', weight: 3 }, { value: 'T18/C3', weight: 4 }, { value: 'T16/C2', weight: 3 }, { value: 'T15/C3', weight: 5 },
  { value: 'T14/C1', weight: 2 }, { value: 'T12/C2', weight: 3 }, { value: 'T10/C2', weight: 2 }, { value: 'T10/C10', weight: 4 },
  { value: 'T8/C8', weight: 2 }, { value: 'T5/C10', weight: 2 }, { value: 'T3/C15', weight: 2 }, { value: 'T1/C20', weight: 3 },
];

// Strain names: a first word (construct form where Hebrew needs it) and a place, 'ירח הכרמל' / 'Carmel Moon'.
const FIRST_WORDS = [
  ['ירח', 'Moon'], ['זהב', 'Gold'], ['כוכב', 'Star'], ['אור', 'Light'], ['שחר', 'Dawn'], ['ענן', 'Cloud'], ['רוח', 'Wind'],
  ['גל', 'Wave'], ['אבן', 'Stone'], ['יהלום', 'Diamond'], ['פנינת', 'Pearl'], ['ספיר', 'Sapphire'], ['ענבר', 'Amber'],
  ['אש', 'Fire'], ['ברק', 'Thunder'], ['חלום', 'Dream'], ['קסם', 'Magic'], ['שקיעת', 'Sunset'], ['זריחת', 'Sunrise'],
  ['להבת', 'Flame'], ['סערת', 'Storm'], ['פסגת', 'Summit'], ['ורד', 'Rose'], ['לימון', 'Lemon'], ['דובדבן', 'Cherry'],
  ['תות', 'Berry'], ['דבש', 'Honey'], ['מנטת', 'Mint'], ['אורן', 'Pine'], ['זית', 'Olive'], ['תאנת', 'Fig'],
  ['רימון', 'Pomegranate'], ['מנגו', 'Mango'], ['אננס', 'Pineapple'], ['קוקוס', 'Coconut'], ['לבנדר', 'Lavender'],
  ['נמר', 'Tiger'], ['זאב', 'Wolf'], ['שועל', 'Fox'], ['עיט', 'Eagle'], ['צבי', 'Deer'], ['אריה', 'Lion'], ['פרפר', 'Butterfly'],
];
const PLACES = [
  ['הכרמל', 'Carmel'], ['הגליל', 'Galilee'], ['הנגב', 'Negev'], ['הגולן', 'Golan'], ['הערבה', 'Arava'], ['השרון', 'Sharon'],
  ['העמק', 'Valley'], ['המדבר', 'Desert'], ['הים', 'Sea'], ['ההר', 'Mountain'], ['היער', 'Forest'], ['הצפון', 'Northern'],
  ['הדרום', 'Southern'], ['החוף', 'Coast'], ['הכנרת', 'Kinneret'], ['מירון', 'Meron'], ['תבור', 'Tabor'], ['הגלבוע', 'Gilboa'],
  ['החרמון', 'Hermon'], ['רמון', 'Ramon'],
];

const STERILIZATION = ['קרינת גמא', 'קרינת בטא', 'פלזמה קרה', 'אוזון', 'ללא עיקור'];
const MICROBIAL_LOADS = ['cold_plasma', 'ozone_reduced', 'beta_irradiation'];
const MOISTURE_TESTS = ['lod', 'karl_fischer'];

// ---------------------------------------------------------------------------------------------- helpers

const pick = (rng, list) => list[Math.floor(rng() * list.length)];
const pickSome = (rng, list, min, max) => {
  const n = min + Math.floor(rng() * (max - min + 1));
  return shuffle(rng, list).slice(0, n);
};
function shuffle(rng, list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
function pickWeighted(rng, list) {
  const total = list.reduce((sum, item) => sum + item.weight, 0);
  let r = rng() * total;
  for (const item of list) if ((r -= item.weight) < 0) return item.value;
  return list[list.length - 1].value;
}
const slugify = (text) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const parseDosage = (dosage) => {
  const m = /^T(\d+)\/C(\d+)$/.exec(dosage);
  return { thc: Number(m[1]), cbd: Number(m[2]) };
};
const dosageSlug = (dosage) => `dosage-${dosage.toLowerCase().replace('/', '-')}`;
const dosageBand = (dosage) => {
  const { thc, cbd } = parseDosage(dosage);
  if (cbd >= thc * 1.5) return 'high-cbd';
  if (thc >= 15) return 'high-thc';
  return 'balanced';
};
const isoDaysBefore = (days) => new Date(REFERENCE_DATE - days * DAY_MS).toISOString();

/** A typical shelf price per 10 g (or 10 ml): 150–420 ₪, stronger THC dearer, ending in 9 or 0. In agorot. */
function typicalPrice(rng, dosage, type) {
  const { thc } = parseDosage(dosage);
  let shekels = 160 + (thc / 26) * 200 + (rng() - 0.5) * 70;
  if (type === 'oil') shekels += 30;
  if (type === 'pre-roll') shekels += 15;
  const rounded = Math.round(shekels / 10) * 10 - (rng() < 0.6 ? 1 : 0);
  return Math.min(420, Math.max(150, rounded)) * 100;
}

function tagDetail({ slug, name }, kind) {
  const title = {
    pharm: `בתי מרקחת: ${name}`,
    company: `מוצרי ${name}`,
    default: `מוצרי קנאביס רפואי: ${name}`,
  }[kind] ?? `מוצרי קנאביס רפואי: ${name}`;
  return {
    slug,
    name,
    title,
    seoTitle: `${name} – השוואת מחירים ומלאי בבתי המרקחת`,
    seoDescription: kind === 'pharm'
      ? `בתי מרקחת לקנאביס רפואי עם ${name}: כתובות, שעות פתיחה, מחירים ומלאי עדכניים.`
      : `${name}: השוואת מחירים ומלאי של מוצרי קנאביס רפואי בבתי המרקחת בישראל, עם מינונים, טעמים והשפעות.`,
  };
}

/** Every tag the demo may use, in a fixed order; fixtures keep the ones their products use. */
function allTags() {
  const product = (list) => list.map((t) => tagDetail(t));
  return [
    ...product(CANNABIS_TYPES),
    ...product(PRODUCT_TYPES),
    ...product(DOSAGE_BANDS),
    ...COMPANIES.map((c) => tagDetail(c, 'company')),
    ...product(EFFECTS),
    ...product(TASTES),
    ...product(TERPENES),
    ...product(ORIGINS),
    ...PHARM_TAGS.map((t) => tagDetail(t, 'pharm')),
    ...product(DOSAGES.map((d) => ({ slug: dosageSlug(d.value), name: `מינון ${d.value}` }))),
    ...product(FACILITIES),
    ...product(PESTICIDE_METHODS),
    ...product(LINEAGE.map((l) => ({ slug: l.slug, name: `צאצא של ${l.name}` }))),
    ...product(EFFECTS.flatMap((e) => CANNABIS_TYPES.map((c) => ({ slug: `${c.slug}-${e.slug}`, name: `${c.name} ל${e.name}` })))),
    ...product(OCCASIONS),
  ];
}

const bySlug = (list) => new Map(list.map((item) => [item.slug, item]));
const COMPANY = bySlug(ALL_COMPANIES);
const EFFECT = bySlug(EFFECTS);
const TASTE = bySlug(TASTES);
const TERPENE = bySlug(TERPENES);
const ORIGIN = bySlug(ORIGINS);
const FACILITY = bySlug(FACILITIES);

/** A product's tags, from what it is. */
function productTagSlugs(p, extra) {
  const companySlug = COMPANIES.find((c) => c.name === p.company)?.slug;
  const { thc } = parseDosage(p.thccbdDosage);
  const slugs = [
    p.cannabisType, p.type, dosageBand(p.thccbdDosage), dosageSlug(p.thccbdDosage), companySlug,
    ...extra.effects.map((e) => e.slug),
    ...extra.effects.slice(0, 2).map((e) => `${p.cannabisType}-${e.slug}`),
    ...extra.tastes.map((t) => t.slug),
    ...extra.terpenes.map((t) => t.slug),
    extra.origin.slug, extra.facility.slug, extra.pesticide.slug,
    ...extra.parents.map((l) => l.slug),
    thc <= 10 ? 'beginners' : undefined,
    thc >= 20 ? 'experienced' : undefined,
    p.cannabisType === 'sativa' ? 'day-use' : undefined,
    p.cannabisType === 'indica' ? 'night-use' : undefined,
    p.isNew ? 'new-arrivals' : undefined,
    p.isPopular ? 'popular' : undefined,
    p.estimatedPrice <= 22_000 ? 'best-value' : undefined,
    p.estimatedPrice >= 35_000 ? 'premium' : undefined,
    extra.limited ? 'limited-edition' : undefined,
  ];
  return [...new Set(slugs.filter(Boolean))];
}

const SIZE = { flower: [10, 'גרם'], oil: [10, 'מ״ל'], 'pre-roll': [10, 'גרם'] };
const TYPE_LABEL = { flower: '', oil: 'שמן ', 'pre-roll': '' };

/** One product from its strain, form and dosage; `fixed` overrides drawn values. */
function makeProduct(rng, strain, type, dosage, fixed = {}) {
  const { thc, cbd } = parseDosage(dosage);
  const cannabisType = fixed.cannabisType ?? strain.cannabisType;
  const launchedDays = fixed.launchedDays ?? Math.floor(rng() ** 1.6 * 900);
  const popularity = fixed.popularity ?? Math.round(rng() ** 2.2 * 100);
  const effects = fixed.effects ?? pickSome(rng, cannabisType === 'indica'
    ? EFFECTS.filter((e) => e.slug !== 'energy' && e.slug !== 'focus')
    : cannabisType === 'sativa' ? EFFECTS.filter((e) => e.slug !== 'sleep') : EFFECTS, 2, 3).map((e) => e.slug);
  const tastes = fixed.tastes ?? pickSome(rng, TASTES, 1, 2).map((t) => t.slug);
  const terpenes = fixed.terpenes ?? pickSome(rng, TERPENES, 2, 3).map((t) => t.slug);
  const origin = ORIGIN.get(fixed.origin ?? (rng() < 0.55 ? 'origin-israel' : pick(rng, ORIGINS).slug));
  const facility = FACILITY.get(fixed.facility ?? pick(rng, FACILITIES).slug);
  const pesticide = fixed.pesticide ? PESTICIDE_METHODS.find((m) => m.value === fixed.pesticide) : pick(rng, PESTICIDE_METHODS);
  const parents = fixed.parents ? fixed.parents.map((n) => LINEAGE.find((l) => l.name === n)) : pickSome(rng, LINEAGE, 2, 2);
  const suffix = type === 'flower' ? '' : `${type}-`;
  const slug = fixed.slug ?? `${strain.engSlug}-${suffix}t${thc}-c${cbd}`;
  const [sizeQuantity, sizeUnit] = SIZE[type];
  const product = {
    slug,
    name: fixed.name ?? `${TYPE_LABEL[type]}${strain.hebName}${type === 'pre-roll' ? ' פרה-רול' : ''} ${dosage}`,
    shortName: strain.hebName,
    type,
    hebName: strain.hebName,
    engName: strain.engName,
    company: strain.company.name,
    companySlug: strain.company.slug,
    cannabisType,
    thccbdDosage: dosage,
    family: strain.family,
    effects: effects.map((s) => EFFECT.get(s).name),
    tastes: tastes.map((s) => TASTE.get(s).name),
    terpenes: terpenes.map((s) => TERPENE.get(s).name),
    originCountry: origin.name,
    sterilizationMethod: fixed.sterilization ?? pick(rng, STERILIZATION),
    growingFacility: facility.name,
    originSpecie: parents.map((l) => l.name).join(', '),
    pesticideMethod: pesticide.value,
    microbialLoad: pick(rng, MICROBIAL_LOADS),
    moistureTest: pick(rng, MOISTURE_TESTS),
    sizeQuantity,
    sizeUnit,
    estimatedPrice: fixed.estimatedPrice ?? typicalPrice(rng, dosage, type),
    popularity,
    isPopular: fixed.isPopular ?? popularity >= 80,
    isNew: fixed.isNew ?? launchedDays <= 60,
    launchedAt: isoDaysBefore(launchedDays),
    tags: [],
  };
  product.tags = productTagSlugs(product, {
    effects: effects.map((s) => EFFECT.get(s)), tastes: tastes.map((s) => TASTE.get(s)), terpenes: terpenes.map((s) => TERPENE.get(s)),
    origin, facility, pesticide, parents, limited: !fixed.slug && rng() < 0.03,
  });
  return product;
}

/** The fixed products of the tests, present in the demo too. */
function fixtureProducts(rng) {
  const company = (slug) => COMPANY.get(slug);
  const drGreen = { hebName: 'דוקטור גרין', engName: 'Dr. Green', engSlug: 'dr-green', family: 'dr-green', company: company('galil-fields'), cannabisType: 'sativa' };
  const gold = { hebName: 'זהב הגליל', engName: 'Galilee Gold', engSlug: 'galilee-gold', family: 'galilee-gold', company: company('green-valley-med'), cannabisType: 'indica' };
  const balance = { hebName: 'איזון', engName: 'Balance', engSlug: 'balance', family: 'balance', company: company('greenmed'), cannabisType: 'hybrid' };
  const calm = { hebName: 'רוגע', engName: 'Calm CBD', engSlug: 'calm-cbd', family: 'calm-cbd', company: company('or-hatsemach'), cannabisType: 'indica' };
  const star = { hebName: 'כוכב הצפון', engName: 'Northern Star', engSlug: 'northern-star', family: 'northern-star', company: company('galil-fields'), cannabisType: 'sativa' };
  const base = { origin: 'origin-israel', facility: 'greenhouse', pesticide: 'organic', sterilization: 'קרינת בטא' };
  return [
    makeProduct(rng, drGreen, 'flower', 'T20/C4', { ...base, slug: 'dr-green-t20-c4', name: 'דוקטור גרין T20/C4', popularity: 95, isPopular: true, launchedDays: 400, estimatedPrice: 29_900, effects: ['energy', 'mood', 'creativity'], tastes: ['citrus', 'piney'], terpenes: ['limonene', 'pinene'], parents: ['Sour Diesel', 'Haze'] }),
    makeProduct(rng, drGreen, 'oil', 'T20/C4', { ...base, slug: 'dr-green-oil-t20-c4', name: 'שמן דוקטור גרין T20/C4', popularity: 60, launchedDays: 200, estimatedPrice: 32_900, effects: ['energy', 'pain-relief'], tastes: ['earthy'], terpenes: ['limonene', 'myrcene'], parents: ['Sour Diesel', 'Haze'] }),
    makeProduct(rng, gold, 'flower', 'T15/C3', { ...base, slug: 'galilee-gold-t15-c3', name: 'זהב הגליל T15/C3', popularity: 70, isNew: true, launchedDays: 20, estimatedPrice: 24_900, effects: ['relaxation', 'sleep'], tastes: ['sweet', 'grape'], terpenes: ['myrcene', 'linalool'], parents: ['Northern Lights', 'Afghani'] }),
    makeProduct(rng, balance, 'flower', 'T10/C10', { ...base, slug: 'balance-t10-c10', name: 'איזון T10/C10', popularity: 55, launchedDays: 300, estimatedPrice: 21_900, effects: ['relaxation', 'pain-relief', 'focus'], tastes: ['earthy', 'spicy'], terpenes: ['caryophyllene', 'humulene'], parents: ['Harlequin', 'Blue Dream'] }),
    makeProduct(rng, calm, 'flower', 'T1/C20', { ...base, slug: 'calm-cbd-t1-c20', name: 'רוגע T1/C20', popularity: 45, launchedDays: 500, estimatedPrice: 18_900, effects: ['relaxation', 'pain-relief', 'muscle-relief'], tastes: ['minty'], terpenes: ['myrcene', 'pinene'], parents: ['Harlequin', 'Cherry Pie'] }),
    makeProduct(rng, star, 'pre-roll', 'T22/C1', { ...base, slug: 'northern-star-pre-roll-t22-c1', name: 'כוכב הצפון פרה-רול T22/C1', popularity: 35, launchedDays: 90, estimatedPrice: 34_900, effects: ['energy', 'creativity'], tastes: ['lemon'], terpenes: ['terpinolene', 'ocimene'], parents: ['Jack Herer', 'Durban Poison'] }),
  ];
}

/** The demo's strains: every first word with every place, shuffled; each a family of 1–4 products. */
function demoProducts(rng, fixtures) {
  const products = [...fixtures];
  const slugs = new Set(products.map((p) => p.slug));
  const names = shuffle(rng, FIRST_WORDS.flatMap((f) => PLACES.map((p) => [f, p])));
  for (const [[firstHe, firstEn], [placeHe, placeEn]] of names) {
    if (products.length >= DEMO_PRODUCTS) break;
    const engName = `${placeEn} ${firstEn}`;
    const hebName = `${firstHe} ${placeHe}`;
    if (products.some((p) => p.hebName === hebName)) continue;
    const strain = { hebName, engName, engSlug: slugify(engName), family: slugify(engName), company: pickWeighted(rng, COMPANY_ODDS), cannabisType: pick(rng, ['sativa', 'sativa', 'indica', 'indica', 'hybrid']) };
    const size = pickWeighted(rng, [{ value: 1, weight: 4 }, { value: 2, weight: 3 }, { value: 3, weight: 2 }, { value: 4, weight: 1 }]);
    for (let i = 0; i < size && products.length < DEMO_PRODUCTS; i++) {
      const type = i === 0 ? 'flower' : pickWeighted(rng, [{ value: 'flower', weight: 5 }, { value: 'oil', weight: 3 }, { value: 'pre-roll', weight: 2 }]);
      const dosage = pickWeighted(rng, DOSAGES);
      const product = makeProduct(rng, strain, type, dosage);
      if (slugs.has(product.slug)) continue;
      slugs.add(product.slug);
      products.push(product);
    }
  }
  return products;
}

// ---------------------------------------------------------------------------------------------- content

const FAQ = [
  { category: 'regulatory', medicalDisclaimer: false, question: 'האם האתר מוכר קנאביס רפואי?', answer: 'לא. האתר מקשר בין מטופלים לבתי מרקחת בעלי רישיון, ואינו מוכר, מחזיק או מאחסן מוצרים. הרכישה והצגת המרשם נעשות ישירות מול בית המרקחת.' },
  { category: 'regulatory', medicalDisclaimer: false, question: 'אילו מסמכים נדרשים כדי להזמין?', answer: 'נדרשים מספר תעודת זהות, רישיון קנאביס בתוקף ומרשם בתוקף. ניתן לצרף צילומים בעת ההזמנה; המסמכים ומספר הזהות אינם נשמרים במערכות האתר.' },
  { category: 'regulatory', medicalDisclaimer: true, question: 'האם אפשר להחליף מוצר במינון אחר מזה שבמרשם?', answer: 'לא ללא אישור. המינון (יחס THC ו-CBD) נקבע במרשם על ידי הרופא המטפל, וכל שינוי מחייב את אישורו.' },
  { category: 'commercial', medicalDisclaimer: false, question: 'כמה עולה קנאביס רפואי?', answer: 'טווח המחירים ל-10 גרם הוא בערך 150–420 ₪, לפי המוצר, המינון ובית המרקחת. באתר אפשר להשוות את המחיר בכל בתי המרקחת.' },
  { category: 'commercial', medicalDisclaimer: false, question: 'האם המחירים והמלאי באתר מעודכנים?', answer: 'בתי המרקחת מעדכנים מחירים ומלאי באופן שוטף, אך ייתכנו אי-דיוקים. מומלץ לוודא מול בית המרקחת לפני ההגעה.' },
  { category: 'commercial', medicalDisclaimer: false, question: 'האם יש משלוחים עד הבית?', answer: 'חלק מבתי המרקחת מציעים משלוחים, בחינם או בתשלום, לאזורים שונים. אפשרויות המשלוח מוצגות בדף של כל בית מרקחת ובעת ההזמנה.' },
  { category: 'educational', medicalDisclaimer: true, question: 'מה ההבדל בין סאטיבה, אינדיקה והיבריד?', answer: 'אלה זנים עם מאפייני צמיחה שונים. מקובל לייחס לסאטיבה השפעה ממריצה יותר ולאינדיקה השפעה מרגיעה, אך ההשפעה בפועל תלויה במטופל ובהרכב המוצר.' },
  { category: 'educational', medicalDisclaimer: true, question: 'מה המשמעות של T20/C4?', answer: 'המספרים מציינים את אחוז ה-THC וה-CBD במוצר: T20/C4 פירושו כ-20% THC וכ-4% CBD. המינון המתאים נקבע על ידי הרופא.' },
];

const FOOTER_LINKS = [
  { label: 'מידע', url: '/faq', newWindow: false, children: [
    { label: 'שאלות נפוצות', url: '/faq', newWindow: false, children: [] },
    { label: 'הצהרת נגישות', url: '/accessibility', newWindow: false, children: [] },
    { label: 'מדיניות פרטיות', url: '/privacy-policy', newWindow: false, children: [] },
    { label: 'תנאי שימוש', url: '/terms-of-use', newWindow: false, children: [] },
  ] },
  { label: 'קניות', url: '/products', newWindow: false, children: [
    { label: 'כל המוצרים', url: '/products', newWindow: false, children: [] },
    { label: 'בתי מרקחת', url: '/pharms', newWindow: false, children: [] },
    { label: 'מבצעים', url: '/discounts', newWindow: false, children: [] },
  ] },
  { label: 'קהילה', url: '/social-auto-updates', newWindow: false, children: [
    { label: 'קבוצות עדכונים בוואטסאפ', url: '/social-auto-updates', newWindow: false, children: [] },
    { label: 'היחידה לקנאביס רפואי במשרד הבריאות', url: 'https://www.gov.il/he/departments/units/cannabis_unit', newWindow: true, children: [] },
  ] },
];

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const inviteUrl = (rng) => `https://chat.whatsapp.com/${Array.from({ length: 22 }, () => pick(rng, INVITE_ALPHABET)).join('')}`;

/** Per district: a general group, a deals group, and groups for its two first cities with a dosage and price cap. */
function socialGroups(rng, volume, localities, districts) {
  const groups = [];
  const add = (g) => groups.push({ id: groups.length + 1, ...g, url: inviteUrl(rng) });
  const regions = volume === 'fixtures' ? ['תל אביב'] : districts;
  for (const region of regions) {
    add({ region, city: null, category: 'כל המוצרים', dosage: null, discountPercent: null, priceCap: null });
    add({ region, city: null, category: 'מבצעים', dosage: null, discountPercent: 10 + 5 * Math.floor(rng() * 4), priceCap: null });
    const cities = localities.filter((l) => l.district === region).slice(0, volume === 'fixtures' ? 1 : 2);
    for (const city of cities) {
      const dosage = pickWeighted(rng, DOSAGES);
      add({ region, city: city.name, category: dosageBand(dosage) === 'high-cbd' ? 'CBD' : 'THC', dosage, discountPercent: 5 + 5 * Math.floor(rng() * 3), priceCap: (250 + 10 * Math.floor(rng() * 15)) * 100 });
    }
  }
  return groups;
}

function loadLocalities() {
  try {
    const contracts = require('../../contracts/dist/shipping/localities');
    return { localities: contracts.LOCALITIES, districts: [...contracts.DISTRICTS] };
  } catch {
    throw new Error('catalog-data: contracts/dist is missing; build it first (npx nx run @mc/contracts:build)');
  }
}

// ---------------------------------------------------------------------------------------------- entry

/**
 * The partner's id of the product at `index` of the catalogue: 100000–999999, scattered, never twice (387,271 shares no
 * factor with 900,000 = 2⁵·3²·5⁵, so `index * 387,271` mod 900,000 repeats only after 900,000 products).
 */
const yarpaProductId = (index) => `YRP-${100_000 + ((index * 387_271 + 104_729) % 900_000)}`;

/** The catalogue of a volume ('fixtures' or 'demo'), drawn from `rng` alone. */
function generateCatalog(volume, rng) {
  const { localities, districts } = loadLocalities();
  const fixtures = fixtureProducts(rng);
  const products = volume === 'fixtures' ? fixtures : demoProducts(rng, fixtures);
  const tagList = allTags();
  const used = new Set([...products.flatMap((p) => p.tags), ...PHARM_TAGS.map((t) => t.slug)]);
  const tags = volume === 'fixtures' ? tagList.filter((t) => used.has(t.slug)) : tagList;
  if (volume !== 'fixtures' && tags.length !== DEMO_TAGS) throw new Error(`catalog-data: ${tags.length} tags, expected ${DEMO_TAGS}`);
  const known = new Set(tags.map((t) => t.slug));
  for (const p of products) p.tags = p.tags.filter((slug) => known.has(slug));
  products.forEach((p, index) => { p.yarpaProductId = yarpaProductId(index); });
  return {
    companies: ALL_COMPANIES.map(({ slug, name, licenceNumber }) => ({ slug, name, licenceNumber })),
    tags,
    products,
    faq: FAQ.map((item, i) => ({ id: i + 1, ...item })),
    footerLinks: FOOTER_LINKS,
    socialGroups: socialGroups(rng, volume, localities, districts),
  };
}

module.exports = { generateCatalog, shuffle, REFERENCE_DATE };

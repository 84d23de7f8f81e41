// Words both halves of the data set share. Catalog makes a tag page for every pharmacy tag (so
// /tags/<slug> lists the pharmacies carrying it); pharm gives its pharmacies tags from this list.
'use strict';

/** Pharmacy tags: slug and Hebrew name. */
const PHARM_TAGS = [
  { slug: 'accessible', name: 'נגיש לבעלי מוגבלויות' },
  { slug: 'parking', name: 'חניה צמודה' },
  { slug: 'home-delivery', name: 'משלוחים עד הבית' },
  { slug: 'open-late', name: 'פתוח עד מאוחר' },
  { slug: 'open-saturday', name: 'פתוח בשבת' },
  { slug: 'pharmacist-consultation', name: 'ייעוץ רוקח קנאביס' },
  { slug: 'english-speaking', name: 'שירות באנגלית' },
  { slug: 'russian-speaking', name: 'שירות ברוסית' },
  { slug: 'arabic-speaking', name: 'שירות בערבית' },
  { slug: 'amharic-speaking', name: 'שירות באמהרית' },
  { slug: 'quick-pickup', name: 'איסוף מהיר' },
  { slug: 'wide-selection', name: 'מבחר רחב' },
];

module.exports = { PHARM_TAGS };

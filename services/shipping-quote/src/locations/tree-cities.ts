import { LOCALITIES, type District, type Locality } from '@mc/contracts';

/**
 * The address gazetteer's towns that contracts' localities (the demo pharmacies' places) do not list, with their
 * districts, so that every address the gazetteer finds lies in a city of the locations tree (a unit test keeps the
 * two the same).
 */
const GAZETTEER_ONLY: Omit<Locality, 'engName'>[] = [
  { name: 'אלעד', district: 'המרכז', lat: 32.052, lng: 34.951 },
  { name: 'אלפי מנשה', district: 'יהודה ושומרון', lat: 32.166, lng: 35.014 },
  { name: 'אפרת', district: 'יהודה ושומרון', lat: 31.655, lng: 35.151 },
  { name: 'באר יעקב', district: 'המרכז', lat: 31.943, lng: 34.834 },
  { name: 'גבעת שמואל', district: 'המרכז', lat: 32.077, lng: 34.849 },
  { name: 'גן יבנה', district: 'המרכז', lat: 31.787, lng: 34.706 },
  { name: 'גני תקווה', district: 'המרכז', lat: 32.06, lng: 34.873 },
  { name: 'חריש', district: 'חיפה', lat: 32.461, lng: 35.043 },
  { name: 'כוכב יאיר-צור יגאל', district: 'המרכז', lat: 32.223, lng: 34.999 },
  { name: 'מזכרת בתיה', district: 'המרכז', lat: 31.853, lng: 34.846 },
  { name: 'נוף הגליל', district: 'הצפון', lat: 32.707, lng: 35.327 },
  { name: 'סביון', district: 'המרכז', lat: 32.049, lng: 34.877 },
  { name: 'קדימה-צורן', district: 'המרכז', lat: 32.277, lng: 34.915 },
  { name: 'קריית ארבע', district: 'יהודה ושומרון', lat: 31.531, lng: 35.12 },
  { name: 'קריית ים', district: 'חיפה', lat: 32.849, lng: 35.069 },
  { name: 'קריית עקרון', district: 'המרכז', lat: 31.861, lng: 34.823 },
  { name: 'ראש פינה', district: 'הצפון', lat: 32.969, lng: 35.543 },
  { name: 'תל מונד', district: 'המרכז', lat: 32.256, lng: 34.918 },
];

/** The cities of the locations tree: contracts' localities, then the gazetteer's other towns. */
export const TREE_CITIES: { name: string; district: District; lat: number; lng: number }[] = [...LOCALITIES, ...GAZETTEER_ONLY];

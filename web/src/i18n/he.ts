import type { CannabisType } from '@mc/contracts';

/** Hebrew UI strings of the web (error messages come from `Messages` in @mc/contracts). */
export const he = {
  siteName: 'מדקאנה',
  siteTitle: 'מדקאנה – השוואת מחירי קנאביס רפואי',
  tagline: 'השוואת מחירים ומלאי של קנאביס רפואי בבתי מרקחת מורשים',
  skipToContent: 'דילוג לתוכן הראשי',
  mainNav: 'ניווט ראשי',
  navHome: 'דף הבית',
  navProducts: 'מוצרים',
  backHome: 'חזרה לדף הבית',
  retry: 'נסו שוב',
  refresh: 'רענון הדף',
  loading: 'טוען…',
  loadFailedTitle: 'לא הצלחנו לטעון את העמוד',
  footerDisclaimer:
    'האתר מתווך בין מטופלים לבתי מרקחת מורשים ואינו מוכר או מחזיק מוצרים. המחירים והמלאי המוצגים עשויים שלא להיות מדויקים.',
  product: {
    company: 'חברה',
    type: 'סוג',
    dosage: 'מינון THC/CBD',
    size: 'גודל אריזה',
    tags: 'תגיות',
    isNew: 'חדש',
    isPopular: 'פופולרי',
    imageAlt: (name: string) => `תמונת המוצר ${name}`,
  },
  home: {
    title: 'מוצאים את הקנאביס הרפואי שלכם, במחיר הנכון ובבית המרקחת הקרוב',
    tiles: [
      { title: 'השוואת מחירים', text: 'המחיר של כל מוצר בכל בתי המרקחת, במקום אחד.' },
      { title: 'בדיקת מלאי', text: 'איפה המוצר שלכם במלאי עכשיו, בלי לחייג לעשרות בתי מרקחת.' },
      { title: 'הזמנה', text: 'הזמנה מבית המרקחת לאיסוף עצמי או למשלוח.' },
    ],
  },
} as const;

export const cannabisTypeLabels: Record<CannabisType, string> = {
  sativa: 'סאטיבה',
  indica: 'אינדיקה',
  hybrid: 'היבריד',
};

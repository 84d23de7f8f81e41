import { PRESCRIPTION_LIMITS } from '@mc/contracts';

/** "My prescription": the account section, the home section, the list chip and the product page's match. */
export const hePrescription = {
  title: 'המרשם שלי',
  lead: 'שמירת קטגוריות המרשם והכמות החודשית עוזרת למצוא מוצרים מתאימים במלאי. המרשם נשמר רק בחשבון שלך ואינו מוצג לבתי המרקחת.',
  categories: `קטגוריות (T/C), עד ${PRESCRIPTION_LIMITS.maxCategories}`,
  monthlyGrams: 'כמות חודשית (גרם)',
  save: 'שמירת המרשם',
  remove: 'מחיקת המרשם',
  none: 'עוד לא נשמר מרשם.',
  homeTitle: 'במלאי לידך בקטגוריות שלך',
  homeLoading: 'טוענים מוצרים בקטגוריות שלך…',
  homeEmpty: 'כרגע אין במלאי מוצרים בקטגוריות של המרשם שלך.',
  homeAll: 'לכל המוצרים בקטגוריות שלי',
  fromAddress: 'המרחקים מכתובת ברירת המחדל שלך.',
  nearest: (pharm: string, km: number | null) => (km == null ? `במלאי ב${pharm}` : `במלאי ב${pharm}, ${km < 10 ? km.toFixed(1) : Math.round(km)} ק״מ`),
  chip: 'בקטגוריות שלי',
  matches: 'מתאים למרשם שלך',
};

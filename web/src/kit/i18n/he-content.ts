// The content pages' texts (FAQ, messaging groups, legal pages), 'watching now' and the group advert, apart from he.ts
// (which every page loads): they load with the parts that draw them.

/** The FAQ, the messaging groups and the legal pages. */
export const heContent = {
  faqTitle: 'שאלות נפוצות',
  faqLead: 'תשובות לשאלות הנפוצות על קנאביס רפואי, על ההזמנה ועל האתר',
  faqCategories: { regulatory: 'רגולציה', commercial: 'מחירים והזמנות', educational: 'מידע כללי' } as Record<string, string>,
  medicalDisclaimer: 'המידע אינו מהווה ייעוץ רפואי. יש להתייעץ עם הרופא המטפל.',
  socialTitle: 'עדכונים בקבוצות וואטסאפ',
  socialLead: 'הצטרפו לקבוצת העדכונים של האזור שלכם וקבלו הודעה על מבצעים ומלאי חדש.',
  allCities: 'כל האזור',
  allCategories: 'כל המוצרים',
  discountPercent: (n: number) => `עד ${n}% הנחה`,
  priceCap: 'מחיר עד',
  dosage: 'מינון',
  city: 'עיר',
  category: 'קטגוריה',
  join: 'הצטרפות לקבוצה',
  joinLabel: (region: string, city: string) => `הצטרפות לקבוצה ${region} – ${city} (נפתח בחלון חדש)`,
  noGroups: 'אין כרגע קבוצות פעילות.',
  legalUpdated: 'עודכן לאחרונה:',
};

/** 'Watching now': real counts of other visitors, shown only above zero. */
export const hePresence = {
  watchingOne: 'אדם נוסף צופה בדף זה עכשיו',
  watchingMany: (n: number) => `${n} אנשים נוספים צופים בדף זה עכשיו`,
};

/** The messaging-group advert on product, pharmacy and discount pages. */
export const heGroupAd = {
  title: 'מבצעים ומלאי חדש – ישר לוואטסאפ',
  lead: 'הצטרפו לקבוצת העדכונים של האזור שלכם וקבלו הודעה כשמוצר חוזר למלאי או יורד במחיר.',
  join: (region: string, city: string) => `הצטרפות: ${region} – ${city}`,
  close: 'לא עכשיו',
};

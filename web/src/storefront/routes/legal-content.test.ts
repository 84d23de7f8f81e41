import { ID_NUMBER_RETENTION_DAYS } from '@mc/contracts';
import { describe, expect, it } from 'vitest';
import { privacyPolicy, termsOfUse, type LegalDocument } from './legal-content';

const text = (doc: LegalDocument) => doc.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');
const section = (doc: LegalDocument, heading: string) => doc.sections.find((s) => s.heading === heading)?.paragraphs.join('\n') ?? '';

describe('the privacy policy tells what is done with the ID number (services/order keeps it encrypted, then deletes it)', () => {
  const idNumber = section(privacyPolicy, 'מספר תעודת הזהות והמסמכים');

  it('no longer says the ID number is not stored', () => {
    expect(text(privacyPolicy)).not.toMatch(/מספר תעודת הזהות[^.]*אינם נשמרים/);
  });

  it('says it is stored encrypted, shown to the pharmacy (and admins), each reading recorded, and deleted 30 days after the order ended', () => {
    expect(ID_NUMBER_RETENTION_DAYS).toBe(30);
    expect(idNumber).toContain('מוצפן בדפדפן שלכם');
    expect(idNumber).toContain('נשמר במערכות האתר עם ההזמנה, מוצפן בלבד');
    expect(idNumber).toContain('מוצג רק לצוות בית המרקחת שקיבל את ההזמנה');
    expect(idNumber).toContain('למנהלי המערכת של האתר');
    expect(idNumber).toContain('כל הצגה של המספר נרשמת');
    expect(idNumber).toContain('המספר נמחק 30 יום לאחר שההזמנה הסתיימה (הושלמה, בוטלה או סגורה)');
    // The documents are not kept: sealed for minutes until e-mailed to the pharmacy, then deleted.
    expect(idNumber).toContain('אינם נשמרים במערכות האתר: הם מוחזקים מוצפנים לכל היותר 10 דקות');
  });

  it("says marketing needs the patient's active consent (Communications Law §30A), the sign-up box unticked", () => {
    expect(text(privacyPolicy)).toContain('התיבה בהרשמה אינה מסומנת מראש, כדרישת סעיף 30א לחוק התקשורת');
  });
});

describe('the terms of use', () => {
  it("carry the licensed-data partner clause (back-office spec §1's terms of use)", () => {
    const clause = section(termsOfUse, 'שותף נתונים מורשה');
    expect(clause).toContain('תלויה בעמידת מפעיל האתר בתנאי הרישיון של השותף');
    expect(clause).toContain('השותף רשאי להפסיק את העברת הנתונים');
    expect(clause).toContain('את נתוני ההזמנה מעביר מפעיל האתר לבית המרקחת שבחרתם');
  });

  it('say the same about the ID number, the documents and marketing consent as the privacy policy', () => {
    const terms = text(termsOfUse);
    expect(terms).toContain('המסמכים נשלחים לבית המרקחת ואינם נשמרים במערכות האתר');
    expect(terms).toContain('מספר תעודת הזהות נשמר במערכות האתר מוצפן');
    expect(terms).toContain('סעיף 30א לחוק התקשורת');
  });
});

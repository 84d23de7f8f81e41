import { Events, TOKEN_LIFETIME, type AccountLinkEvent } from '@mc/contracts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

const escape = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The e-mail an identity event asks for (activation or password reset), with its single-use link; none for other events. */
export function accountEmail(type: string, data: AccountLinkEvent, publicUrl: string): Email | undefined {
  const name = escape(data.firstName);
  const token = encodeURIComponent(data.token);
  if (type === Events.identity.activationRequested) {
    return {
      to: data.email,
      subject: 'אימות כתובת הדוא״ל שלך במדקאנה',
      text: [
        `שלום ${name},`,
        'תודה שנרשמת למדקאנה. כדי להפעיל את החשבון יש לפתוח את הקישור:',
        `${publicUrl}/auth/verify-email?token=${token}`,
        `הקישור בתוקף ${TOKEN_LIFETIME.activationHours} שעות וניתן להשתמש בו פעם אחת.`,
        'אם לא נרשמת לאתר, אפשר להתעלם מהודעה זו.',
      ].join('\n\n'),
    };
  }
  if (type === Events.identity.passwordResetRequested) {
    return {
      to: data.email,
      subject: 'איפוס הסיסמה במדקאנה',
      text: [
        `שלום ${name},`,
        'קיבלנו בקשה לאיפוס הסיסמה שלך. לבחירת סיסמה חדשה יש לפתוח את הקישור:',
        `${publicUrl}/reset-password?token=${token}`,
        `הקישור בתוקף ${TOKEN_LIFETIME.resetHours} שעות וניתן להשתמש בו פעם אחת.`,
        'אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהודעה זו; הסיסמה הנוכחית נשארת בתוקף.',
      ].join('\n\n'),
    };
  }
  return undefined;
}

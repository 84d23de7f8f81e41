import { Events, SMS_CODE, toInternationalPhone, TOKEN_LIFETIME, type AccountLinkEvent, type SmsCodeEvent } from '@mc/contracts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

export interface OutgoingMessage extends Email {
  channel: 'email' | 'sms';
}

const escape = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** The e-mail an identity event asks for (activation or password reset), with its single-use link; none for other events. */
function accountEmail(type: string, data: AccountLinkEvent, publicUrl: string): Email | undefined {
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

/** What an identity event asks to send: an e-mail with a link, or a text with a sign-in code; none for other events. */
export function accountMessage(type: string, data: unknown, publicUrl: string): OutgoingMessage | undefined {
  if (type === Events.identity.smsCodeRequested) {
    const { phone, code } = data as SmsCodeEvent;
    return { channel: 'sms', to: toInternationalPhone(phone), subject: 'קוד כניסה', text: `קוד הכניסה שלך למדקאנה: ${code}. הקוד בתוקף ${SMS_CODE.lifetimeSeconds / 60} דקות.` };
  }
  const email = accountEmail(type, data as AccountLinkEvent, publicUrl);
  return email && { channel: 'email', ...email };
}

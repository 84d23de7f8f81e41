import {
  Events, SMS_CODE, toInternationalPhone, TOKEN_LIFETIME,
  type AccountLinkEvent, type DeliverySecret, type MembershipInvitedEvent, type SmsCodeEvent,
} from '@mc/contracts';

export type Template = 'activation' | 'reset' | 'sms-code' | 'contact' | 'invitation';
export type MessageParams = Record<string, string | number>;

/** A message to send, as stored: the template, the recipient and parameters, never a secret (nor the text). */
export interface PlannedMessage {
  channel: 'email' | 'sms';
  template: Template;
  to: string;
  subject: string;
  params: MessageParams;
}

const escape = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** What an identity event asks to send: an e-mail with a link, or a text with a sign-in code; none for other events. */
export function accountMessage(type: string, data: unknown): PlannedMessage | undefined {
  if (type === Events.identity.smsCodeRequested) {
    const { phone, secretRef } = data as SmsCodeEvent;
    return { channel: 'sms', template: 'sms-code', to: toInternationalPhone(phone), subject: 'קוד כניסה', params: { secretRef } };
  }
  if (type === Events.identity.membershipInvited) {
    const { email, kind, businessName } = data as MembershipInvitedEvent;
    return { channel: 'email', template: 'invitation', to: email, subject: `הוזמנת לנהל את ${escape(businessName)} במדקאנה`, params: { kind, businessName: escape(businessName) } };
  }
  const link = data as AccountLinkEvent;
  const params = { firstName: escape(link.firstName ?? ''), secretRef: link.secretRef };
  if (type === Events.identity.activationRequested) {
    return { channel: 'email', template: 'activation', to: link.email, subject: 'אימות כתובת הדוא״ל שלך במדקאנה', params };
  }
  if (type === Events.identity.passwordResetRequested) {
    return { channel: 'email', template: 'reset', to: link.email, subject: 'איפוס הסיסמה במדקאנה', params };
  }
  return undefined;
}

/** The unsubscribe line of an e-mail to a person (the link is signed by identity, so it unsubscribes only this address). */
function unsubscribeLine(to: string, secret: DeliverySecret, publicUrl: string): string[] {
  if (!secret.unsubscribeSig) return [];
  return [`להסרה מרשימת התפוצה: ${publicUrl}/unsubscribe?email=${encodeURIComponent(to)}&sig=${encodeURIComponent(secret.unsubscribeSig)}`];
}

/**
 * The invitation to run a business (issue 30). It carries no secret: the membership waits for an account that proves
 * this address (activation, or Google's verified e-mail), so the link is only the site's.
 */
export function renderInvitation(params: MessageParams, publicUrl: string): string {
  const what = params.kind === 'company' ? 'חברת הקנאביס' : 'בית המרקחת';
  return [
    'שלום,',
    `מנהל המערכת של מדקאנה הזמין אותך לנהל את ${what} ${escape(String(params.businessName ?? ''))}.`,
    `כדי לקבל את ההזמנה יש להירשם לאתר עם כתובת דוא״ל זו (התחברות ← אין לך חשבון? להרשמה) ולאמת אותה, או להתחבר עם חשבון Google שלה: ${publicUrl}/`,
    'לאחר האימות יופיע העסק בתפריט החשבון שלך.',
    'אם לא ציפית להזמנה זו, אפשר להתעלם מהודעה זו.',
  ].join('\n\n');
}

/** The text of an account message, rendered when it is sent, with the secret identity kept for it. */
export function renderAccountMessage(template: Template, to: string, params: MessageParams, secret: DeliverySecret, publicUrl: string): string {
  if (template === 'sms-code') {
    if (!secret.code) throw new Error('no code for an SMS');
    return `קוד הכניסה שלך למדקאנה: ${secret.code}. הקוד בתוקף ${SMS_CODE.lifetimeSeconds / 60} דקות.`;
  }
  if (!secret.token) throw new Error('no token for a link');
  const token = encodeURIComponent(secret.token);
  const name = escape(String(params.firstName ?? ''));
  if (template === 'activation') {
    return [
      `שלום ${name},`,
      'תודה שנרשמת למדקאנה. כדי להפעיל את החשבון יש לפתוח את הקישור:',
      `${publicUrl}/auth/verify-email?token=${token}`,
      `הקישור בתוקף ${TOKEN_LIFETIME.activationHours} שעות וניתן להשתמש בו פעם אחת.`,
      'אם לא נרשמת לאתר, אפשר להתעלם מהודעה זו.',
      ...unsubscribeLine(to, secret, publicUrl),
    ].join('\n\n');
  }
  if (template === 'reset') {
    return [
      `שלום ${name},`,
      'קיבלנו בקשה לאיפוס הסיסמה שלך. לבחירת סיסמה חדשה יש לפתוח את הקישור:',
      `${publicUrl}/reset-password?token=${token}`,
      `הקישור בתוקף ${TOKEN_LIFETIME.resetHours} שעות וניתן להשתמש בו פעם אחת.`,
      'אם לא ביקשת לאפס את הסיסמה, אפשר להתעלם מהודעה זו; הסיסמה הנוכחית נשארת בתוקף.',
      ...unsubscribeLine(to, secret, publicUrl),
    ].join('\n\n');
  }
  throw new Error(`template ${template} is not an account message`);
}

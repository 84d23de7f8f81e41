import { agorotToShekels, formatShekels, toInternationalPhone, type AlertDueEvent, type UserContact } from '@mc/contracts';
import type { MessageParams, PlannedMessage } from './account-messages';
import { asMessage, type RenderedMessage } from './order-messages';

/** The alerts' templates (issue 31): rendered when sent, with the alert's unsubscribe token asked of pharm then. */
const ALERT_TEMPLATES = ['alert', 'alert-sms'] as const;
export type AlertTemplate = (typeof ALERT_TEMPLATES)[number];
export const isAlertTemplate = (template: string): template is AlertTemplate => (ALERT_TEMPLATES as readonly string[]).includes(template);

export interface PlannedAlertMessage extends Omit<PlannedMessage, 'template'> {
  template: AlertTemplate;
  key: string;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** A due alert's messages: an e-mail, and a text when the patient asked for one and has a phone. None for an account that is not active. */
export function alertMessages(alert: AlertDueEvent, contact: UserContact): PlannedAlertMessage[] {
  if (!contact.active) return [];
  const params: MessageParams = {
    alertId: alert.alertId, kind: alert.kind, productSlug: alert.productSlug, productName: oneLine(alert.productName),
    price: alert.price, pharmacyName: oneLine(alert.pharmacyName), firstName: oneLine(contact.firstName),
  };
  const subject = alert.kind === 'price'
    ? `המחיר של ${params.productName} ירד ל-${formatShekels(agorotToShekels(alert.price))}`
    : `${params.productName} חזר למלאי`;
  const messages: PlannedAlertMessage[] = [{ key: 'email', channel: 'email', template: 'alert', to: contact.email, subject, params }];
  if (alert.sms && contact.phone) {
    messages.push({ key: 'sms', channel: 'sms', template: 'alert-sms', to: toInternationalPhone(contact.phone), subject, params });
  }
  return messages;
}

/** The text of an alert's message, with its signed one-click unsubscribe link. */
export function renderAlertMessage(template: AlertTemplate, params: MessageParams, unsubscribeToken: string, publicUrl: string): RenderedMessage {
  const price = formatShekels(agorotToShekels(Number(params.price)));
  const productUrl = `${publicUrl}/products/${encodeURIComponent(String(params.productSlug))}`;
  const unsubscribeUrl = `${publicUrl}/alerts/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const what = params.kind === 'price'
    ? `המחיר של ${params.productName} ירד ל-${price} ב${params.pharmacyName}.`
    : `${params.productName} חזר למלאי ב${params.pharmacyName}, ב-${price}.`;
  if (template === 'alert-sms') return { text: `מדקאנה: ${what} ${productUrl}\nלהסרת ההתראה: ${unsubscribeUrl}`, unsubscribeUrl };
  return {
    ...asMessage([
      [`שלום ${params.firstName},`],
      [what],
      ['להשוואת המחירים והזמנה:', productUrl],
      ['קיבלת הודעה זו כי ביקשת התראה על מוצר זה. להסרת ההתראה בלחיצה אחת:', unsubscribeUrl, `כל ההתראות שלך: ${publicUrl}/user/alerts`],
    ]),
    unsubscribeUrl,
  };
}

import {
  formatShekels, ORDER_STATUS_LABELS, orderStatusMeaning, toInternationalPhone,
  type CustomerOrder, type OrderNotice, type OrderStatus, type OrderStatusChangedEvent,
} from '@mc/contracts';
import type { MessageParams, PlannedMessage } from './account-messages';

/** The order templates: rendered when sent, from order's `order.notice.get` (the stored row keeps only ids). */
const ORDER_TEMPLATES = ['order-pharmacy', 'order-confirmation', 'order-confirmation-sms', 'order-status', 'order-status-sms'] as const;
export type OrderTemplate = (typeof ORDER_TEMPLATES)[number];
export const isOrderTemplate = (template: string): template is OrderTemplate => (ORDER_TEMPLATES as readonly string[]).includes(template);

/** A planned order message, with the key that makes it unique within its event (one row per event and key). */
export interface PlannedOrderMessage extends Omit<PlannedMessage, 'template'> {
  template: OrderTemplate;
  key: string;
}

/**
 * Statuses the patient is told of. 'open' is not: order opens a new order itself right after it is placed, and the
 * confirmation already told the patient.
 */
const TOLD_STATUSES: readonly OrderStatus[] = ['pending', 'complete', 'canceled', 'closed'];

/** What a placed batch sends: each pharmacy its new order, the patient one confirmation e-mail and one SMS. */
export function batchPlacedMessages(notice: OrderNotice): PlannedOrderMessage[] {
  const messages: PlannedOrderMessage[] = [];
  for (const order of notice.orders) {
    if (!order.orderEmail) continue;
    messages.push({
      key: `pharmacy-${order.id}`, channel: 'email', template: 'order-pharmacy', to: order.orderEmail,
      subject: `הזמנה חדשה #${order.id}`, params: { batchUid: notice.batchUid, orderId: order.id },
    });
  }
  const ids = notice.orders.map((o) => `#${o.id}`).join(', ');
  if (notice.customer.email) {
    messages.push({
      key: 'patient-email', channel: 'email', template: 'order-confirmation', to: notice.customer.email,
      subject: `ההזמנה שלך התקבלה (${ids})`, params: { batchUid: notice.batchUid },
    });
  }
  if (notice.customer.phone) {
    messages.push({
      key: 'patient-sms', channel: 'sms', template: 'order-confirmation-sms', to: toInternationalPhone(notice.customer.phone),
      subject: 'אישור הזמנה', params: { batchUid: notice.batchUid },
    });
  }
  return messages;
}

/** What a status change sends the patient (e-mail and SMS), for the statuses the patient is told of. */
export function statusChangedMessages(event: OrderStatusChangedEvent, notice: OrderNotice): PlannedOrderMessage[] {
  if (!TOLD_STATUSES.includes(event.to)) return [];
  const params = { batchUid: event.batchUid, orderId: event.orderId, status: event.to };
  const subject = `עדכון בהזמנה #${event.orderId}: ${ORDER_STATUS_LABELS[event.to]}`;
  const messages: PlannedOrderMessage[] = [];
  if (notice.customer.email) messages.push({ key: 'patient-email', channel: 'email', template: 'order-status', to: notice.customer.email, subject, params });
  if (notice.customer.phone) {
    messages.push({ key: 'patient-sms', channel: 'sms', template: 'order-status-sms', to: toInternationalPhone(notice.customer.phone), subject, params });
  }
  return messages;
}

/** The event types this module plans messages for. */
/** A rendered message: the text, and for e-mails the same as right-to-left HTML. */
export interface RenderedMessage {
  text: string;
  html?: string;
  /** The message's own unsubscribe link (the List-Unsubscribe header). */
  unsubscribeUrl?: string;
}

const oneLine = (s: string | null | undefined): string => (s ?? '').replace(/[\r\n]+/g, ' ').trim();
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (shekels: number): string => formatShekels(shekels);

function deliveryLine(order: CustomerOrder): string {
  if (order.pickup || !order.address) return 'איסוף עצמי מבית המרקחת';
  const { address, houseNumber, floor, apartment } = order.address;
  const parts = [`${oneLine(address)} ${oneLine(houseNumber)}`];
  if (floor !== null) parts.push(`קומה ${floor}`);
  if (apartment !== null) parts.push(`דירה ${apartment}`);
  return `משלוח: ${parts.join(', ')}`;
}

/** The order's lines and totals, as text lines. */
function orderLines(order: CustomerOrder): string[] {
  const lines = order.items.map((item) => {
    const discount = item.originalPrice > item.price ? ` (במקום ${money(item.originalPrice)})` : '';
    return `• ${oneLine(item.name)} × ${item.amount}: ${money(item.price)} ליחידה${discount}, סה״כ ${money(item.price * item.amount)}`;
  });
  const discounts = order.discounts.length ? [`הנחות: ${order.discounts.map((d) => `${oneLine(d.name)} (${oneLine(d.code)})`).join(', ')}`] : [];
  return [
    ...lines,
    `סכום המוצרים: ${money(order.cartCostTotalPrice)}`,
    ...(order.cartCostDiscountsTotalAmount > 0 ? [`סך ההנחות: ${money(order.cartCostDiscountsTotalAmount)}`] : []),
    ...discounts,
    `דמי משלוח: ${order.pickup ? 'איסוף עצמי' : order.shippingCostTotalPrice > 0 ? money(order.shippingCostTotalPrice) : 'חינם'}`,
    `סה״כ לתשלום: ${money(order.totalPrice)}`,
  ];
}

/** Paragraphs (each a list of lines) as text, and as right-to-left HTML. */
export function asMessage(paragraphs: string[][]): RenderedMessage {
  const text = paragraphs.map((p) => p.join('\n')).join('\n\n');
  const body = paragraphs.map((p) => `<p>${p.map(escapeHtml).join('<br>')}</p>`).join('\n');
  const html = `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"></head><body dir="rtl" style="font-family:Arial,sans-serif;text-align:right">${body}</body></html>`;
  return { text, html };
}

/**
 * Issue 26: the links of the messages open what they tell of: one order (its dialog in 'ההזמנות שלי'), or the batch
 * just placed (/order/completed, with its documents upload). Only ids, which the site shows to their owner alone
 * (signed out, it asks to sign in first and then opens them).
 */
const orderLink = (publicUrl: string, orderId: number): string => `${publicUrl}/user/orders?order=${orderId}`;
const batchLink = (publicUrl: string, batchUid: string): string => `${publicUrl}/order/completed?batch=${encodeURIComponent(batchUid)}`;

function orderOf(notice: OrderNotice, params: MessageParams): OrderNotice['orders'][number] {
  const order = notice.orders.find((o) => o.id === Number(params.orderId));
  if (!order) throw new Error(`order ${params.orderId} is not in its notice`);
  return order;
}

/**
 * The text of an order message, from order's notice of the batch (or of the one order). The pharmacy's e-mail names
 * the customer and the delivery, never the ID number (the pharmacy reads it in its back office).
 */
export function renderOrderMessage(template: OrderTemplate, params: MessageParams, notice: OrderNotice, publicUrl: string): RenderedMessage {
  const { customer } = notice;
  const name = oneLine(customer.firstName);
  if (template === 'order-pharmacy') {
    const order = orderOf(notice, params);
    return asMessage([
      [`התקבלה הזמנה חדשה #${order.id} (${oneLine(order.pharm.name)}).`],
      orderLines(order),
      [deliveryLine(order)],
      [
        `לקוח: ${oneLine(order.firstName)} ${oneLine(order.lastName)}`,
        `טלפון: ${oneLine(customer.phone)}`,
        `דוא״ל: ${oneLine(customer.email)}`,
        ...(order.notes ? [`הערות: ${oneLine(order.notes)}`] : []),
      ],
      ['מספר תעודת הזהות של הלקוח מוצג בממשק הניהול של בית המרקחת.'],
    ]);
  }
  if (template === 'order-confirmation') {
    return asMessage([
      [`שלום ${name},`, `תודה! קיבלנו את ההזמנה שלך (${notice.orders.length === 1 ? 'הזמנה אחת' : `${notice.orders.length} הזמנות`}).`],
      ...notice.orders.map((order) => [
        `הזמנה #${order.id} — ${oneLine(order.pharm.name)}`, ...orderLines(order), deliveryLine(order), `פרטי ההזמנה באתר: ${orderLink(publicUrl, order.id)}`,
      ]),
      [`בית המרקחת ייצור איתך קשר להשלמת ההזמנה. ההזמנה וצירוף המסמכים (לא חובה) באתר: ${batchLink(publicUrl, notice.batchUid)}`],
    ]);
  }
  if (template === 'order-confirmation-sms') {
    const ids = notice.orders.map((o) => `#${o.id}`).join(', ');
    return { text: `מדקאנה: ההזמנה שלך התקבלה (${ids}). בית המרקחת ייצור איתך קשר. פרטים: ${batchLink(publicUrl, notice.batchUid)}` };
  }
  const order = orderOf(notice, params);
  // The status told is the event's (the order may have moved on since); what it means, for pickup or delivery.
  const status = Object.hasOwn(ORDER_STATUS_LABELS, String(params.status)) ? (String(params.status) as OrderStatus) : order.status;
  const label = ORDER_STATUS_LABELS[status];
  const meaning = orderStatusMeaning({ ...order, status });
  if (template === 'order-status') {
    return asMessage([
      [`שלום ${name},`, `סטטוס ההזמנה #${order.id} (${oneLine(order.pharm.name)}) עודכן: ${label}.`],
      [meaning],
      [`פרטי ההזמנה באתר: ${orderLink(publicUrl, order.id)}`],
    ]);
  }
  return { text: `מדקאנה: הזמנה #${order.id} (${oneLine(order.pharm.name)}): ${label}. ${meaning} ${orderLink(publicUrl, order.id)}` };
}

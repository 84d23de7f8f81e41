import { Inject, Injectable } from '@nestjs/common';
import { Events, Subjects } from '@mc/contracts';
import { BusClient, ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { MailQueue } from '../email/mail-queue';
import { batchPlacedMessages, statusChangedMessages, type PlannedOrderMessage } from '../email/order-messages';

export const ORDER_EMAILS_DURABLE = 'notifications-order-emails';

/**
 * Turns order's events into stored e-mails and texts: a placed batch tells each pharmacy its new order and the patient
 * (one e-mail for the whole batch, one SMS); a status change tells the patient. The events carry no personal data:
 * the recipients come from `order.notice.get`, and the text is rendered from it again when sent. One row per event
 * and recipient (the inbox and the rows' unique event ids), so a redelivered event sends nothing twice.
 */
@Injectable()
export class OrderEmailsConsumer {
  constructor(
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  @ConsumesEvents(ORDER_EMAILS_DURABLE)
  async orderEvent(event: ConsumedEvent<'evt.order.>'>, tx: Tx): Promise<void> {
    let planned: PlannedOrderMessage[] = [];
    if (event.type === Events.order.batchPlaced) {
      planned = batchPlacedMessages(await this.bus.request(Subjects.order.noticeGet, { batchUid: event.data.batchUid }));
    } else if (event.type === Events.order.statusChanged) {
      const { batchUid, orderId } = event.data;
      planned = statusChangedMessages(event.data, await this.bus.request(Subjects.order.noticeGet, { batchUid, orderId }));
    }
    // BullMQ job ids may not hold a colon.
    for (const message of planned) await this.mail.store(tx, `${event.eventId}-${message.key}`, message);
  }
}

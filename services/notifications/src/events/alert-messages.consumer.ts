import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type UserContact } from '@mc/contracts';
import { BusClient, ConsumesEvents, toServiceError, type ConsumedEvent, type Tx } from '@mc/kit';
import { alertMessages } from '../email/alert-messages';
import { MailQueue } from '../email/mail-queue';

export const ALERTS_DURABLE = 'notifications-alerts';

/**
 * Turns pharm's due alerts into stored messages (issue 31): the event names the account only by id, so the address
 * and phone come from identity (`identity.user.contact`); an account gone or not active gets nothing. One row per
 * event and channel, so a redelivered event sends nothing twice.
 */
@Injectable()
export class AlertMessagesConsumer {
  constructor(
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(BusClient) private readonly bus: BusClient,
  ) {}

  @ConsumesEvents(ALERTS_DURABLE)
  async alertDue(event: ConsumedEvent<'evt.pharm.alert.due'>, tx: Tx): Promise<void> {
    const contact = await this.bus.request(Subjects.identity.userContact, { userId: event.data.userId })
      .catch((err: unknown) => { if (toServiceError(err).status === 404) return null; throw err; }) as UserContact | null;
    if (!contact) return;
    for (const message of alertMessages(event.data, contact)) await this.mail.store(tx, `${event.eventId}-${message.key}`, message);
  }
}

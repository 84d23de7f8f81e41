import { Inject, Injectable } from '@nestjs/common';
import { ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { accountMessage } from '../email/account-messages';
import { MailQueue } from '../email/mail-queue';

export const ACCOUNT_EMAILS_DURABLE = 'notifications-account-emails';

/** Turns identity's events into stored e-mails and texts (one per event: template, recipient, parameters) and queues them for sending. */
@Injectable()
export class AccountEmailsConsumer {
  constructor(@Inject(MailQueue) private readonly mail: MailQueue) {}

  @ConsumesEvents(ACCOUNT_EMAILS_DURABLE)
  async accountEvent(event: ConsumedEvent<'evt.identity.>'>, tx: Tx): Promise<void> {
    const message = accountMessage(event.type, event.data);
    if (!message) return;
    await this.mail.store(tx, event.eventId, message);
  }
}

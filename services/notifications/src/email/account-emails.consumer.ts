import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { EventConsumers, SERVICE_ENV } from '@mc/kit';
import type { NotificationsEnv } from '../config';
import { outgoingMessages } from '../db/schema';
import { accountMessage } from './account-messages';
import { MailQueue } from './mail-queue';

export const ACCOUNT_EMAILS_DURABLE = 'notifications-account-emails';

/** Turns identity's events into stored e-mails and texts (one per event) and queues them for sending. */
@Injectable()
export class AccountEmailsConsumer implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      from: 'identity',
      durable: ACCOUNT_EMAILS_DURABLE,
      filterSubject: 'evt.identity.>',
      handler: async (event, tx) => {
        const message = accountMessage(event.type, event.data, this.env.PUBLIC_URL);
        if (!message) return;
        const [row] = await tx.insert(outgoingMessages)
          .values({ eventId: event.eventId, channel: message.channel, recipient: message.to, subject: message.subject, body: message.text })
          .onConflictDoNothing()
          .returning({ id: outgoingMessages.id });
        // Queued before this transaction commits: the worker retries with backoff until the row is visible.
        if (row) await this.mail.enqueue(row.id, event.eventId);
      },
    });
  }
}

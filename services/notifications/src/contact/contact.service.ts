import { Inject, Injectable } from '@nestjs/common';
import type { ContactDto } from '@mc/contracts';
import { currentCorrelationId, DATABASE, SERVICE_ENV, type Database } from '@mc/kit';
import type { NotificationsEnv } from '../config';
import { contactMessages, outgoingMessages } from '../db/schema';
import { MailQueue } from '../email/mail-queue';

/**
 * A visitor's message: kept (fields trimmed) and forwarded by e-mail to the operator, in one transaction
 * (the e-mail is sent by the mail queue, once).
 */
@Injectable()
export class ContactService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
  ) {}

  async create(contact: ContactDto): Promise<{ id: number }> {
    const fields = { name: contact.name.trim(), email: contact.email.trim(), phone: contact.phone.trim(), message: contact.message.trim() };
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(contactMessages).values({ ...fields, correlationId: currentCorrelationId() ?? null })
        .returning({ id: contactMessages.id });
      const eventId = `contact-${row.id}`;
      const [forward] = await tx.insert(outgoingMessages).values({
        eventId, channel: 'email', template: 'contact', recipient: this.env.OPERATOR_EMAIL,
        subject: `פנייה מהאתר: ${fields.name.replace(/[\r\n]+/g, ' ')}`, params: { contactId: row.id },
      }).returning({ id: outgoingMessages.id });
      await this.mail.enqueue(forward.id, eventId);
      return { id: row.id };
    });
  }
}

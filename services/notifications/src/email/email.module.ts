import { Controller, Inject, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Messages, Subjects, type MailboxResponse } from '@mc/contracts';
import { DATABASE, isDevelopment, notFound, SERVICE_ENV, type Database } from '@mc/kit';
import { desc } from 'drizzle-orm';
import type { NotificationsEnv } from '../config';
import { outgoingMessages } from '../db/schema';
import { AccountEmailsConsumer } from './account-emails.consumer';
import { MailQueue } from './mail-queue';

const MAILBOX_SIZE = 50;

/** `notifications.mailbox.list`: the latest e-mails and texts, outside production only (texts show their codes). */
@Controller()
export class MailboxHandlers {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
  ) {}

  @MessagePattern(Subjects.notifications.mailboxList)
  async list(): Promise<MailboxResponse> {
    if (!isDevelopment(this.env)) throw notFound(Messages.pageNotFound);
    const rows = await this.db.select().from(outgoingMessages).orderBy(desc(outgoingMessages.id)).limit(MAILBOX_SIZE);
    return {
      messages: rows.map((r) => ({ id: r.id, to: r.recipient, subject: r.subject, body: r.body, status: r.status, createdAt: r.createdAt.toISOString() })),
    };
  }
}

@Module({ controllers: [MailboxHandlers], providers: [MailQueue, AccountEmailsConsumer], exports: [MailQueue] })
export class EmailModule {}

import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DATABASE, LOGGER, SERVICE_ENV, type Database } from '@mc/kit';
import { Queue, Worker, type Job } from 'bullmq';
import { eq, sql } from 'drizzle-orm';
import Redis from 'ioredis';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { NotificationsEnv } from '../config';
import { outgoingMessages } from '../db/schema';
import { sendTwilioSms } from './twilio-sms';

export const MAIL_QUEUE = 'notifications-email';
const ATTEMPTS = 6;
const CLOSE_DEADLINE_MS = 5000;
const COMMIT_GRACE_MS = 250;

/**
 * Sends queued e-mails (SMTP) and texts (Twilio) with BullMQ: retried with exponential backoff (1 s, 2 s, … over about half a minute),
 * then left in BullMQ's failed set and marked 'failed'. A message already sent is never sent again.
 * Without SMTP or Twilio settings the message stays in the local mailbox (the outgoing_messages table).
 */
@Injectable()
export class MailQueue implements OnModuleInit, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;
  private transporter?: Transporter;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit() {
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'notifications-mail', maxRetriesPerRequest: null });
    // One queue per database: test runs and a local stack share this Redis and must not take each other's jobs.
    const prefix = `bull-${this.env.DATABASE_NAME}`;
    this.queue = new Queue(MAIL_QUEUE, { connection: this.connection, prefix });
    this.transporter = this.env.SMTP_URL ? createTransport(this.env.SMTP_URL) : undefined;
    this.worker = new Worker(MAIL_QUEUE, (job: Job<{ messageId: number }>) => this.deliver(job.data.messageId), { connection: this.connection, prefix, concurrency: 4 });
    this.worker.on('failed', (job, error) => {
      if (!job || job.attemptsMade < ATTEMPTS) return;
      this.logger.error({ messageId: job.data.messageId, err: error.message }, 'e-mail failed for good');
      void this.db.update(outgoingMessages).set({ status: 'failed' }).where(eq(outgoingMessages.id, job.data.messageId));
    });
  }

  /**
   * Queues a stored message; the event's id is the job id, so queuing twice sends once. Queued from inside
   * the transaction that stores it, so the first try waits a moment for the commit (a retry covers a slow one).
   */
  async enqueue(messageId: number, eventId: string): Promise<void> {
    await this.queue!.add('send', { messageId }, {
      jobId: `email-${eventId}`, delay: COMMIT_GRACE_MS, attempts: ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: false,
    });
  }

  private async deliver(messageId: number): Promise<void> {
    const [message] = await this.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, messageId));
    if (!message) throw new Error(`message ${messageId} not stored (yet)`);
    if (message.status === 'sent') return;
    try {
      const transport = message.channel === 'sms' ? await this.text(message) : await this.email(message);
      await this.db.update(outgoingMessages)
        .set({ status: 'sent', transport, sentAt: new Date(), attempts: sql`${outgoingMessages.attempts} + 1` })
        .where(eq(outgoingMessages.id, messageId));
    } catch (error) {
      await this.db.update(outgoingMessages)
        .set({ attempts: sql`${outgoingMessages.attempts} + 1`, lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(outgoingMessages.id, messageId));
      throw error;
    }
  }

  private async email(message: typeof outgoingMessages.$inferSelect): Promise<'smtp' | 'mailbox'> {
    if (!this.transporter) return 'mailbox';
    await this.transporter.sendMail({ from: this.env.MAIL_FROM, to: message.recipient, subject: message.subject, text: message.body });
    return 'smtp';
  }

  private async text(message: typeof outgoingMessages.$inferSelect): Promise<'twilio' | 'mailbox'> {
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: apiUrl } = this.env;
    if (!accountSid || !authToken || !from) return 'mailbox';
    await sendTwilioSms({ accountSid, authToken, from, apiUrl }, message.recipient, message.body);
    return 'twilio';
  }

  async onApplicationShutdown() {
    await Promise.race([this.worker?.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_DEADLINE_MS))]);
    await this.queue?.close().catch(() => undefined);
    this.transporter?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}

import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Subjects } from '@mc/contracts';
import { BusClient, contextFrom, DATABASE, inSpan, LOGGER, PROBES, repeatEvery, SpanKind, SERVICE_ENV, toServiceError, type Database, type ProcessProbes, type Repeating } from '@mc/kit';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import Redis from 'ioredis';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { NotificationsEnv } from '../config';
import { contactMessages, outgoingMessages } from '../db/schema';
import { renderAccountMessage, renderInvitation, type Template } from './account-messages';
import { isAlertTemplate, renderAlertMessage } from './alert-messages';
import { DevMailbox } from './dev-mailbox';
import { IdentitySecrets, SecretGoneError } from './identity-secrets';
import { bullPrefix, MAIL_ATTEMPTS, MAIL_QUEUE, mailJobId, mailJobOptions, type MailJob } from './mail-queue';
import { isOrderTemplate, renderOrderMessage, type RenderedMessage } from './order-messages';
import { TwilioSms } from './twilio-sms';

type Message = typeof outgoingMessages.$inferSelect;

const CLOSE_DEADLINE_MS = 5000;
/** A queued message this old whose job Redis no longer has was lost by Redis (its job is added before its row commits). */
const LOST_AFTER_MS = 60_000;
const LOST_BATCH = 500;

/**
 * Sends queued e-mails (SMTP) and texts (Twilio) with BullMQ, in notifications' worker process (`dist/worker.js`): retried with exponential backoff (1 s, 2 s, … over about half a minute),
 * then left in BullMQ's failed set and marked 'failed'. A message already sent is never sent again.
 * The text is rendered just before sending (with the secret identity keeps for it, forgotten once the message is
 * sent or failed for good), and kept nowhere but in a development environment's local mailbox.
 * Without SMTP or Twilio settings (development only) the message goes to that mailbox alone.
 */
@Injectable()
export class MailSender implements OnModuleInit, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;
  private transporter?: Transporter;
  private sms?: TwilioSms;
  private sweep?: Repeating;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(IdentitySecrets) private readonly secrets: IdentitySecrets,
    @Inject(DevMailbox) private readonly mailbox: DevMailbox,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(PROBES) private readonly probes: ProcessProbes,
  ) {}

  onModuleInit() {
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'notifications-mail-sender', maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.env);
    this.queue = new Queue(MAIL_QUEUE, { connection: this.connection, prefix });
    this.transporter = this.env.SMTP_URL ? createTransport(this.env.SMTP_URL) : undefined;
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: apiUrl } = this.env;
    this.sms = accountSid && authToken && from ? new TwilioSms({ accountSid, authToken, from, apiUrl }) : undefined;
    this.worker = new Worker(MAIL_QUEUE, (job: Job<MailJob>) => inSpan('send message', SpanKind.CONSUMER, contextFrom(job.data.trace), { 'messaging.destination.name': MAIL_QUEUE, 'message.id': job.data.messageId }, () => this.deliver(job.data.messageId)), { connection: this.connection, prefix, concurrency: 4 });
    this.worker.on('failed', (job, error) => {
      if (!job || (job.attemptsMade < MAIL_ATTEMPTS && error.name !== 'UnrecoverableError')) return;
      this.logger.error({ messageId: job.data.messageId, err: error.message }, 'e-mail failed for good');
      void this.failedForGood(job.data.messageId).catch((err) => this.logger.warn({ err }, 'marking a message failed failed'));
    });
    this.probes.watchQueue(this.queue, this.worker);
    if (this.env.LOST_JOBS_SWEEP_MS > 0) {
      this.sweep = repeatEvery(this.env.LOST_JOBS_SWEEP_MS, () => this.requeueLost(), (err) => this.logger.warn({ err }, 'looking for lost messages failed'));
    }
  }

  /**
   * Queues again the messages stored as queued whose jobs Redis no longer has (a Redis restarted without its data, a
   * failover that lost writes): the rows are the truth. Answers how many.
   */
  async requeueLost(): Promise<number> {
    const queued = await this.db.select({ id: outgoingMessages.id, eventId: outgoingMessages.eventId }).from(outgoingMessages)
      .where(and(eq(outgoingMessages.status, 'queued'), lt(outgoingMessages.createdAt, new Date(Date.now() - LOST_AFTER_MS))))
      .orderBy(asc(outgoingMessages.id)).limit(LOST_BATCH);
    let lost = 0;
    for (const { id, eventId } of queued) {
      if (await this.queue!.getJob(mailJobId(eventId))) continue;
      await this.queue!.add('send', { messageId: id } satisfies MailJob, mailJobOptions(eventId));
      lost++;
    }
    if (lost) this.logger.warn({ lost }, 'messages lost by Redis queued again');
    this.probes.countRequeued(MAIL_QUEUE, lost);
    return lost;
  }

  private async deliver(messageId: number): Promise<void> {
    const [message] = await this.db.select().from(outgoingMessages).where(eq(outgoingMessages.id, messageId));
    if (!message) throw new Error(`message ${messageId} not stored (yet)`);
    if (message.status === 'sent') return;
    let sentAt: Date;
    let body: string;
    try {
      const rendered = await this.render(message);
      body = rendered.text;
      const transport = message.channel === 'sms' ? await this.text(message, body) : await this.email(message, rendered);
      sentAt = new Date();
      await this.db.update(outgoingMessages)
        .set({ status: 'sent', transport, sentAt, attempts: sql`${outgoingMessages.attempts} + 1` })
        .where(eq(outgoingMessages.id, messageId));
    } catch (error) {
      await this.db.update(outgoingMessages)
        .set({ attempts: sql`${outgoingMessages.attempts} + 1`, lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(outgoingMessages.id, messageId));
      if (error instanceof SecretGoneError) throw new UnrecoverableError(error.message);
      throw error;
    }
    await this.forgetSecret(message);
    await this.mailbox.keep({ id: message.id, to: message.recipient, subject: message.subject, body, status: 'sent', createdAt: sentAt.toISOString() });
  }

  /**
   * The text of a message: an account message with the secret identity keeps for it, a contact message from its row,
   * an order message from order's notice of the order (asked now: the row keeps only ids), or an alert's message.
   */
  private async render(message: Message): Promise<RenderedMessage> {
    if (message.template === 'contact') {
      const [contact] = await this.db.select().from(contactMessages).where(eq(contactMessages.id, Number(message.params.contactId)));
      if (!contact) throw new UnrecoverableError(`contact message ${message.params.contactId} not found`);
      return { text: `שם: ${contact.name}\nדוא״ל: ${contact.email}\nטלפון: ${contact.phone}\n\n${contact.message}` };
    }
    if (isOrderTemplate(message.template)) {
      const { batchUid, orderId } = message.params;
      const notice = await this.bus.request(Subjects.order.noticeGet, {
        batchUid: String(batchUid), ...(orderId === undefined ? {} : { orderId: Number(orderId) }),
      });
      return renderOrderMessage(message.template, message.params, notice, this.env.PUBLIC_URL);
    }
    if (message.template === 'invitation') return { text: renderInvitation(message.params, this.env.PUBLIC_URL) };
    if (isAlertTemplate(message.template)) {
      // Asked now, so an alert removed since its change sends nothing.
      const notice = await this.bus.request(Subjects.pharm.alertNotice, { alertId: Number(message.params.alertId) }).catch((err: unknown) => {
        throw toServiceError(err).status === 404 ? new UnrecoverableError(`alert ${message.params.alertId} removed`) : err;
      });
      return renderAlertMessage(message.template, message.params, notice.unsubscribeToken, this.env.PUBLIC_URL);
    }
    const secretRef = String(message.params.secretRef ?? '');
    if (!secretRef) throw new UnrecoverableError(`message ${message.id} (${message.template}) cannot be rendered`);
    return { text: renderAccountMessage(message.template as Template, message.recipient, message.params, await this.secrets.get(secretRef), this.env.PUBLIC_URL) };
  }

  private async forgetSecret(message: Message): Promise<void> {
    const secretRef = message.params.secretRef;
    if (!secretRef) return;
    // Identity's entry also expires with its link or code: a forget that fails leaves nothing for long.
    await this.secrets.forget(String(secretRef)).catch((err) => this.logger.warn({ err, messageId: message.id }, 'the secret of a sent message was not forgotten; it expires'));
  }

  private async failedForGood(messageId: number): Promise<void> {
    const [message] = await this.db.update(outgoingMessages).set({ status: 'failed' }).where(eq(outgoingMessages.id, messageId)).returning();
    if (message) await this.forgetSecret(message);
  }

  private async email(message: Message, body: RenderedMessage): Promise<'smtp' | 'mailbox'> {
    if (!this.transporter) return 'mailbox';
    await this.transporter.sendMail({
      from: this.env.MAIL_FROM, to: message.recipient, subject: message.subject, text: body.text, ...(body.html ? { html: body.html } : {}),
      ...(body.unsubscribeUrl ? { list: { unsubscribe: body.unsubscribeUrl } } : {}),
    });
    return 'smtp';
  }

  private async text(message: Message, body: string): Promise<'twilio' | 'mailbox'> {
    if (!this.sms) return 'mailbox';
    await this.sms.send(message.recipient, body);
    return 'twilio';
  }

  async onApplicationShutdown() {
    this.sweep?.stop();
    await Promise.race([this.worker?.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_DEADLINE_MS))]);
    await this.queue?.close().catch(() => undefined);
    this.transporter?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}

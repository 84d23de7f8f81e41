import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DOCUMENT_LABELS, Subjects } from '@mc/contracts';
import { BusClient, documentsTransitKey, LOGGER, openDocument, PROBES, REDIS, SERVICE_ENV, transitKey, type ProcessProbes } from '@mc/kit';
import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import Redis from 'ioredis';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { NotificationsEnv } from '../config';
import { DevMailbox } from '../email/dev-mailbox';
import { bullPrefix } from '../email/mail-queue';
import { DOCUMENTS_ATTEMPTS as ATTEMPTS, DOCUMENTS_QUEUE, type DeliveryJob } from './documents-queue';

const CLOSE_DEADLINE_MS = 5000;


/**
 * E-mails the documents a patient attached to each order's pharmacy, in notifications' worker process (`dist/worker.js`). The gateway sealed the files (AES-256-GCM, the
 * documents transit key) into Redis for ten minutes; a BullMQ job names them by reference only. The worker opens them,
 * sends one e-mail with the three attachments to each pharmacy (order tells where: `order.notice.get`), deletes them
 * and tells order they were delivered. Failed for good (or expired), it deletes them and tells order they were not,
 * so the patient may send them again. Logs carry the delivery id only.
 */
@Injectable()
export class DocumentsSender implements OnModuleInit, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<DeliveryJob>;
  private worker?: Worker<DeliveryJob>;
  private transporter?: Transporter;
  private key!: Buffer;

  constructor(
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(DevMailbox) private readonly mailbox: DevMailbox,
    @Inject(PROBES) private readonly probes: ProcessProbes,
  ) {}

  onModuleInit() {
    this.key = transitKey(this.env);
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'notifications-documents', maxRetriesPerRequest: null });
    const prefix = bullPrefix(this.env);
    this.queue = new Queue<DeliveryJob>(DOCUMENTS_QUEUE, { connection: this.connection, prefix });
    this.transporter = this.env.SMTP_URL ? createTransport(this.env.SMTP_URL) : undefined;
    this.worker = new Worker<DeliveryJob>(DOCUMENTS_QUEUE, (job) => this.deliver(job), { connection: this.connection, prefix, concurrency: 2 });
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      if (job.attemptsMade < ATTEMPTS && error.name !== 'UnrecoverableError') {
        this.logger.warn({ deliveryId: job.data.deliveryId, attempt: job.attemptsMade, err: error.message }, 'documents delivery attempt failed');
        return;
      }
      this.logger.error({ deliveryId: job.data.deliveryId, err: error.message }, 'documents delivery failed for good');
      void this.finish(job.data, false).catch((err: unknown) => this.logger.warn({ deliveryId: job.data.deliveryId, err }, 'reporting a failed documents delivery failed'));
    });
    this.probes.watchQueue(this.queue, this.worker);
  }

  private async deliver(job: Job<DeliveryJob>): Promise<void> {
    const { ref, documents, orders } = job.data;
    const stored = await this.redis.hgetallBuffer(documentsTransitKey(ref));
    const attachments = documents.map((document) => {
      const sealed = stored[document.kind];
      if (!sealed) throw new UnrecoverableError('the documents expired before they were sent');
      const content = openDocument(this.key, sealed, `${ref}:${document.kind}`);
      if (content.length !== document.size) throw new UnrecoverableError('a document is not the one announced');
      return { filename: `${document.kind}.${document.extension}`, contentType: document.mime, content, label: DOCUMENT_LABELS[document.kind] };
    });
    const sent = new Set(job.data.sent ?? []);
    for (const { orderId, batchUid } of orders) {
      if (sent.has(orderId)) continue;
      const notice = await this.bus.request(Subjects.order.noticeGet, { batchUid, orderId });
      const order = notice.orders.find((o) => o.id === orderId);
      if (!order?.orderEmail) throw new UnrecoverableError(`order ${orderId} has no pharmacy e-mail`);
      const text = [
        `מצורפים המסמכים ש${notice.customer.firstName} ${notice.customer.lastName} צירף/ה להזמנה #${orderId} (${order.pharm.name}):`,
        attachments.map((a) => `• ${a.label} (${a.filename})`).join('\n'),
        'המסמכים אינם נשמרים במערכות האתר.',
      ].join('\n\n');
      await this.send(order.orderEmail, `מסמכים להזמנה #${orderId}`, text, attachments);
      sent.add(orderId);
      await job.updateData({ ...job.data, sent: [...sent] });
    }
    await this.finish(job.data, true);
  }

  /** SMTP with the attachments; without SMTP (development) the local mailbox, which records their names, types and sizes only. */
  private async send(to: string, subject: string, text: string, attachments: { filename: string; contentType: string; content: Buffer }[]): Promise<void> {
    if (this.transporter) {
      await this.transporter.sendMail({
        from: this.env.MAIL_FROM, to, subject, text,
        attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      });
      return;
    }
    await this.mailbox.keep({
      id: Date.now(), to, subject, body: text, status: 'sent', createdAt: new Date().toISOString(),
      attachments: attachments.map(({ filename, contentType, content }) => ({ filename, contentType, size: content.length })),
    });
  }

  /** Drops the sealed files and tells order how the delivery ended. */
  private async finish(data: DeliveryJob, delivered: boolean): Promise<void> {
    await this.redis.del(documentsTransitKey(data.ref));
    await this.bus.request(Subjects.order.documentsFinish, { deliveryId: data.deliveryId, delivered });
    this.logger.info({ deliveryId: data.deliveryId, delivered }, 'documents delivery finished');
  }

  async onApplicationShutdown() {
    await Promise.race([this.worker?.close(), new Promise((resolve) => setTimeout(resolve, CLOSE_DEADLINE_MS))]);
    await this.queue?.close().catch(() => undefined);
    this.transporter?.close();
    await this.connection?.quit().catch(() => undefined);
  }
}

import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SERVICE_ENV, traceCarrier, type TraceCarrier, type Tx } from '@mc/kit';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { NotificationsEnv } from '../config';
import { outgoingMessages } from '../db/schema';
import type { PlannedMessage } from './account-messages';

/** A message as a consumer plans it: channel, template, recipient, subject and the template's parameters (never a secret or the text). */
export type StoredMessage = Pick<PlannedMessage, 'channel' | 'to' | 'subject' | 'params'> & { template: string };

export const MAIL_QUEUE = 'notifications-email';
/** A message's job: the stored message's id, and the trace it belongs to. */
export type MailJob = { messageId: number; trace?: TraceCarrier };
export const MAIL_ATTEMPTS = 6;
const COMMIT_GRACE_MS = 250;

/** A message's job: the event's id is the job id, so queuing twice sends once. */
export const mailJobOptions = (eventId: string) => ({
  jobId: mailJobId(eventId), delay: COMMIT_GRACE_MS, attempts: MAIL_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: 1000, removeOnFail: false,
});
export const mailJobId = (eventId: string) => `email-${eventId}`;

/** The queue's name prefix: one queue per database (test runs and a local stack share a Redis and must not take each other's jobs). */
export const bullPrefix = (env: NotificationsEnv) => `bull-${env.DATABASE_NAME}`;

/**
 * Stores the messages the service's consumers plan and queues them for the sender (`MailSender`, in notifications'
 * worker process: `dist/worker.js`).
 */
@Injectable()
export class MailQueue implements OnModuleInit, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue;

  constructor(@Inject(SERVICE_ENV) private readonly env: NotificationsEnv) {}

  onModuleInit() {
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'notifications-mail-queue', maxRetriesPerRequest: null });
    this.queue = new Queue(MAIL_QUEUE, { connection: this.connection, prefix: bullPrefix(this.env) });
  }

  /**
   * Stores a message an event asks for (one row per event id: a redelivered event stores and sends nothing more) and
   * queues it, in the consumer's transaction.
   */
  async store(tx: Tx, eventId: string, message: StoredMessage): Promise<void> {
    const [row] = await tx.insert(outgoingMessages)
      .values({ eventId, channel: message.channel, template: message.template, recipient: message.to, subject: message.subject, params: message.params })
      .onConflictDoNothing()
      .returning({ id: outgoingMessages.id });
    // Queued before this transaction commits: the worker retries with backoff until the row is visible.
    if (row) await this.enqueue(row.id, eventId);
  }

  /**
   * Queues a stored message; the event's id is the job id, so queuing twice sends once. Queued from inside
   * the transaction that stores it, so the first try waits a moment for the commit (a retry covers a slow one).
   */
  async enqueue(messageId: number, eventId: string): Promise<void> {
    // The job carries the trace of the event that asked for the message: the sending is part of it.
    await this.queue!.add('send', { messageId, trace: traceCarrier() } satisfies MailJob, mailJobOptions(eventId));
  }

  async onApplicationShutdown() {
    await this.queue?.close().catch(() => undefined);
    await this.connection?.quit().catch(() => undefined);
  }
}

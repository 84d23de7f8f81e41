import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { DocumentsSendCommand } from '@mc/contracts';
import { SERVICE_ENV } from '@mc/kit';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import type { NotificationsEnv } from '../config';
import { bullPrefix } from '../email/mail-queue';

export const DOCUMENTS_QUEUE = 'notifications-documents';
/** Over about a minute (2 s, 4 s, … 16 s): the sealed files live ten minutes in Redis. */
export const DOCUMENTS_ATTEMPTS = 5;

/** A delivery as its job holds it: where the sealed files are and whom they go to, never their bytes or a key. */
export type DeliveryJob = Pick<DocumentsSendCommand, 'ref' | 'deliveryId' | 'documents' | 'orders'> & {
  /** The orders whose pharmacy already has its e-mail (a retry does not send those again). */
  sent?: number[];
};

/** Queues the deliveries of sealed documents for the sender (`DocumentsSender`, in notifications' worker process). */
@Injectable()
export class DocumentsQueue implements OnModuleInit, OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<DeliveryJob>;

  constructor(@Inject(SERVICE_ENV) private readonly env: NotificationsEnv) {}

  onModuleInit() {
    this.connection = new Redis(this.env.REDIS_URL, { connectionName: 'notifications-documents-queue', maxRetriesPerRequest: null });
    this.queue = new Queue<DeliveryJob>(DOCUMENTS_QUEUE, { connection: this.connection, prefix: bullPrefix(this.env) });
  }

  /** Queues a delivery once (its id is the job's id). */
  async enqueue(command: DocumentsSendCommand): Promise<void> {
    const data: DeliveryJob = { ref: command.ref, deliveryId: command.deliveryId, documents: command.documents, orders: command.orders };
    await this.queue!.add('deliver', data, {
      jobId: `documents-${command.deliveryId}`, attempts: DOCUMENTS_ATTEMPTS, backoff: { type: 'exponential', delay: 2000 }, removeOnComplete: 1000, removeOnFail: 1000,
    });
  }

  async onApplicationShutdown() {
    await this.queue?.close().catch(() => undefined);
    await this.connection?.quit().catch(() => undefined);
  }
}

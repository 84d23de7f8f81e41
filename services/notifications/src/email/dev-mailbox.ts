import { Inject, Injectable } from '@nestjs/common';
import type { MailboxResponse } from '@mc/contracts';
import { isDevelopment, REDIS, SERVICE_ENV } from '@mc/kit';
import type Redis from 'ioredis';
import type { NotificationsEnv } from '../config';

const MAILBOX_SIZE = 50;
/** Long enough to read a link in `make dev`, short enough that the mailbox is no archive of secrets. */
const MAILBOX_TTL_SECONDS = 24 * 3600;

type Mail = MailboxResponse['messages'][number];

/**
 * The local mailbox of a development environment: the rendered text of the last messages sent, so `make dev`
 * and the tests can open links and read codes. It keeps nothing anywhere else: outside `development`/`test`,
 * `keep` does nothing and the mailbox is empty.
 */
@Injectable()
export class DevMailbox {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_ENV) private readonly env: NotificationsEnv,
  ) {}

  get enabled(): boolean {
    return isDevelopment(this.env);
  }

  private get key(): string {
    return `${this.env.DATABASE_NAME}:dev-mailbox`;
  }

  async keep(mail: Mail): Promise<void> {
    if (!this.enabled) return;
    await this.redis.multi().lpush(this.key, JSON.stringify(mail)).ltrim(this.key, 0, MAILBOX_SIZE - 1).expire(this.key, MAILBOX_TTL_SECONDS).exec();
  }

  async list(): Promise<Mail[]> {
    if (!this.enabled) return [];
    return (await this.redis.lrange(this.key, 0, MAILBOX_SIZE - 1)).map((raw) => JSON.parse(raw) as Mail);
  }
}

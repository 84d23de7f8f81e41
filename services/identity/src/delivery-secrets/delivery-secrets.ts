import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, Messages, type DeliverySecret } from '@mc/contracts';
import { REDIS, SERVICE_ENV, serviceError } from '@mc/kit';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { IdentityEnv } from '../config';

/**
 * The secrets a message carries (a link token, an SMS code), kept apart from the events that ask for the
 * message: an event (in the outbox and in the stream, which outlive delivery) names only a reference. The
 * secret waits here, in Redis, until notifications has sent the message and forgets it, and never longer
 * than it is valid.
 */
@Injectable()
export class DeliverySecrets {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_ENV) private readonly env: IdentityEnv,
  ) {}

  private key(ref: string): string {
    return `${this.env.DATABASE_NAME}:delivery-secret:${ref}`;
  }

  async keep(secret: DeliverySecret, ttlSeconds: number): Promise<string> {
    const ref = randomUUID();
    await this.redis.set(this.key(ref), JSON.stringify(secret), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    return ref;
  }

  async get(ref: string): Promise<DeliverySecret> {
    const raw = await this.redis.get(this.key(ref));
    if (!raw) throw serviceError(404, ErrorCodes.notFound, Messages.linkInvalid);
    return JSON.parse(raw) as DeliverySecret;
  }

  async forget(ref: string): Promise<{ ok: true }> {
    await this.redis.del(this.key(ref));
    return { ok: true };
  }
}

import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Events, TOKEN_VERSIONS_BUCKET, TOKEN_VERSIONS_TTL_SECONDS } from '@mc/contracts';
import { ConsumesEvents, LOGGER, NATS_CONNECTION, OutboxRelay, OutboxWriter, type ConsumedEvent, type Tx } from '@mc/kit';
import { eq } from 'drizzle-orm';
import type { KV, NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { users } from '../db/schema';

const TOKEN_VERSIONS_DURABLE = 'identity-token-versions';

/**
 * Identity's side of the token versions every process checks (bucket `token_versions`, see `TokenVersions` in the
 * kit): identity creates the bucket and alone writes it. A version grows in the transaction of its cause (password
 * change or reset, sign-out, disable) together with an `evt.identity.sessions.ended` outbox row (`ended`); the relay
 * publishes it after the commit, retrying until JetStream has it, and this durable consumer of identity's own event puts
 * the account's current version (read from the database, so order and repeats do not matter) in the bucket, retried
 * until it succeeds. A failed write therefore never leaves a bumped version unpublished.
 */
@Injectable()
export class TokenVersionsWriter implements OnModuleInit {
  private kv?: KV;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(OutboxWriter) private readonly outbox: OutboxWriter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The bucket, made before the kit starts the consumer below (at bootstrap). */
  async onModuleInit(): Promise<void> {
    this.kv = await this.bucket();
  }

  @ConsumesEvents(TOKEN_VERSIONS_DURABLE, { maxDeliver: 1000 })
  async sessionsEnded(event: ConsumedEvent<typeof Events.identity.sessionsEnded>, tx: Tx): Promise<void> {
    const [user] = await tx.select({ version: users.tokenVersion }).from(users).where(eq(users.id, event.data.userId));
    if (user) await this.kv!.put(String(event.data.userId), String(user.version));
  }

  /** In the transaction that bumped `userId`'s token version: its publication to every process, once committed. */
  async ended(tx: Tx, userId: number): Promise<void> {
    await this.outbox.add(tx, Events.identity.sessionsEnded, { userId });
  }

  /** After that commit: publish now rather than at the relay's next poll. */
  poke(): void {
    this.relay.poke();
  }

  private async bucket(): Promise<KV> {
    const kv = await this.nc.jetstream({ checkAPI: false }).views.kv(TOKEN_VERSIONS_BUCKET, { history: 1, ttl: TOKEN_VERSIONS_TTL_SECONDS * 1000 });
    this.logger.debug({ bucket: TOKEN_VERSIONS_BUCKET }, 'token versions bucket ready');
    return kv;
  }
}

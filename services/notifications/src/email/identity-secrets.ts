import { Inject, Injectable } from '@nestjs/common';
import { isServiceError, Subjects, type DeliverySecret } from '@mc/contracts';
import { NATS_CONNECTION } from '@mc/kit';
import { JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';

const codec = JSONCodec();
const TIMEOUT_MS = 5000;

/** The secret was forgotten or has expired: the message can never be sent (retrying cannot help). */
export class SecretGoneError extends Error {}

/** The secrets identity keeps for a message (a link token, an SMS code), asked for when sending and forgotten once sent. */
@Injectable()
export class IdentitySecrets {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async get(secretRef: string): Promise<DeliverySecret> {
    try {
      return await this.request<DeliverySecret>(Subjects.identity.deliverySecretGet, { secretRef });
    } catch (error) {
      if (isServiceError(error) && error.status === 404) throw new SecretGoneError('the secret of this message has expired or was already forgotten');
      throw error;
    }
  }

  async forget(secretRef: string): Promise<void> {
    await this.request(Subjects.identity.deliverySecretForget, { secretRef });
  }

  /** A request as the gateway sends it (Nest's packet over NATS request-reply). */
  private async request<T>(subject: string, data: unknown): Promise<T> {
    const reply = await this.nc.request(subject, codec.encode({ pattern: subject, data, id: randomUUID() }), { timeout: TIMEOUT_MS });
    const packet = codec.decode(reply.data) as { err?: unknown; response?: T };
    if (packet.err) throw packet.err;
    return packet.response as T;
  }
}

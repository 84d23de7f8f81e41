import { Inject, Injectable } from '@nestjs/common';
import {
  ANONYMOUS_CALLER, ErrorCodes, Headers, isServiceError, Messages,
  type RequestOf, type RequestSubject, type ResponseOf, type ServiceError,
} from '@mc/contracts';
import { headers as natsHeaders, JSONCodec, type NatsConnection } from 'nats';
import { requestDelivered } from '../nats/request';
import { traceCarrier } from '../operations/tracing';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../caller/caller';
import { serviceError } from '../errors/service-error';
import { currentCorrelationId } from '../logging/logger';
import { NATS_CONNECTION } from '../tokens';

const codec = JSONCodec();
const DEFAULT_TIMEOUT_MS = 5000;

export interface BusRequestOptions {
  /** Whom the request is made for: the handler's caller (its token travels on), or none (anonymous). */
  caller?: Caller | null;
  timeoutMs?: number;
}

/**
 * A service's requests to another service (one hop: gateway → service → one more), typed by the bus, with the
 * current correlation id and the caller's own token in the headers, so the other service checks the caller itself.
 */
@Injectable()
export class BusClient {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /**
   * Resolves the answer. The other service's error (a 4xx, say) is rethrown as this service's answer with the same
   * shape; a timeout or no responder (after `requestDelivered`'s tries) becomes a 503, so the caller sees 'the service is unavailable', not a 500.
   */
  async request<S extends RequestSubject>(subject: S, data: RequestOf<S>, options: BusRequestOptions = {}): Promise<ResponseOf<S>> {
    const h = natsHeaders();
    h.set(Headers.correlationId, currentCorrelationId() ?? randomUUID());
    h.set(Headers.caller, options.caller?.token ?? ANONYMOUS_CALLER);
    for (const [key, value] of Object.entries(traceCarrier())) h.set(key, value);
    let reply;
    try {
      reply = await requestDelivered(this.nc, subject, codec.encode({ pattern: subject, data, id: randomUUID() }), {
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        headers: h,
      });
    } catch {
      throw serviceError(503, ErrorCodes.unavailable, Messages.serviceUnavailable);
    }
    const packet = codec.decode(reply.data) as { err?: unknown; response?: ResponseOf<S> };
    if (packet.err) throw busError(packet.err);
    return packet.response as ResponseOf<S>;
  }
}

/** The other service's error as this service's own answer (unknown shapes: a 500 without internals). */
function busError(err: unknown) {
  const e: ServiceError = isServiceError(err) ? err : { status: 500, code: ErrorCodes.internal, message: Messages.internal };
  return serviceError(e.status, e.code, e.message);
}

import { ErrorCode, type Msg, type NatsConnection, type NatsError, type RequestOptions } from 'nats';

/** How long to wait before asking again when no subscriber had the request: 100 ms, then 250 ms. */
export const NO_RESPONDERS_RETRY_MS = [100, 250];

const failedWith = (err: unknown, code: ErrorCode): boolean => (err as NatsError | undefined)?.code === code;

/**
 * `nc.request`, asked again when no subscriber had it: the service's connection moving to another node of the NATS
 * cluster, or a copy starting while another stops, takes a few hundred milliseconds. Nobody received such a request,
 * so asking again is safe even for a write. A timeout (the request may have been received, or lost with the NATS node
 * it went through) is asked again once only when `idempotent` says asking twice does no harm (a read).
 */
export async function requestDelivered(
  nc: Pick<NatsConnection, 'request'>, subject: string, data: Uint8Array, options: RequestOptions, { idempotent = false } = {},
): Promise<Msg> {
  let timedOut = false;
  for (let attempt = 0; ; attempt++) {
    try {
      return await nc.request(subject, data, options);
    } catch (err) {
      if (idempotent && !timedOut && failedWith(err, ErrorCode.Timeout)) {
        timedOut = true;
        continue;
      }
      if (!failedWith(err, ErrorCode.NoResponders) || attempt >= NO_RESPONDERS_RETRY_MS.length) throw err;
      await new Promise((resolve) => setTimeout(resolve, NO_RESPONDERS_RETRY_MS[attempt]));
    }
  }
}

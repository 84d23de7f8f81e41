import {
  ANONYMOUS_CALLER, ErrorCodes, Headers, healthSubject, isServiceError, Messages,
  type RequestOf, type RequestSubject, type ResponseOf, type ServiceError, type ServiceName, type ServiceHealth,
} from '@mc/contracts';
import { currentCallerToken, currentCorrelationId, currentRequestIsSafe, requestDelivered, traceCarrier } from '@mc/kit';
import { NatsResponseJSONDeserializer } from '@nestjs/microservices/deserializers';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers';
import { headers as natsHeaders, type NatsConnection } from 'nats';
import { LRUCache } from 'lru-cache';
import CircuitBreaker from 'opossum';

export interface ServiceClientOptions {
  timeoutMs: number;
  resetMs: number;
  /** How long a public read's answer is reused (0: never). */
  readCacheMs: number;
}

/** A response body already serialised; the gateway's reply serializer sends it as it is. `T` documents its shape. */
export class JsonBody<T> {
  declare readonly shape?: T;
  /** UTF-8 bytes, encoded once: Hebrew text costs a re-encoding per send otherwise. */
  readonly bytes: Buffer;
  constructor(json: string | Buffer) {
    this.bytes = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  }
}

/** Nest's own framing of a request on NATS (`{ pattern, data, id }`) and reading of its server's answer (`{ err | response, isDisposed, id }`). */
const serializer = new NatsRecordSerializer();
const deserializer = new NatsResponseJSONDeserializer();

/** A service's answer, read as Nest's client reads it; a service error thrown. */
export function answerOf(bytes: Uint8Array): unknown {
  const packet = deserializer.deserialize(bytes) as { err?: unknown; response?: unknown };
  if (packet.err) throw packet.err;
  return packet.response;
}

const ANSWER_HEAD = Buffer.from('{"response":');
/** The end of Nest's frame of an answer, after the answer's JSON: `,"isDisposed":true,"id":"<the request's id>"}`. */
const ANSWER_TAIL = /,"isDisposed":true,"id":"[^"\\]*"}$/;

/**
 * A service's answer as JSON bytes (made once per kept answer by the read cache); a service error thrown. An answer
 * framed as Nest's server frames it (`JSON.stringify({ response, isDisposed, id })`) is cut out of the frame as it is,
 * neither decoded nor parsed and written again (lists are tens of kB: that was a tenth of the gateway's CPU on a list
 * nobody had asked before); anything else (an error, no answer) is read as Nest's client reads it.
 */
export function answerAsJson(bytes: Uint8Array): JsonBody<unknown> {
  const frame = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (frame.subarray(0, ANSWER_HEAD.length).equals(ANSWER_HEAD)) {
    const tail = ANSWER_TAIL.exec(frame.subarray(Math.max(0, frame.length - 64)).toString('latin1'));
    // A copy: the connection's read buffer is not ours to keep.
    if (tail) return new JsonBody(Buffer.from(frame.subarray(ANSWER_HEAD.length, frame.length - tail[0].length)));
  }
  return new JsonBody(JSON.stringify(answerOf(bytes) ?? null));
}

/** Most bytes of kept answers: a few seconds' worth of different list pages, so that when every visitor asks something new (nothing is reused) the kept answers stay young garbage rather than a heap the collector keeps walking. */
const KEPT_BYTES = 16 * 1024 * 1024;
/** What an answer not yet made into JSON is counted as. */
const OBJECT_BYTES = 4096;

/**
 * Answers kept for a short while: concurrent callers of one key share its call; a failure is not kept. Kept answers
 * are bounded by count and by bytes. With `ttlMs` 0 every call goes through.
 */
export class ReadCache {
  private readonly kept?: LRUCache<string, { value: unknown }>;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(ttlMs: number) {
    if (ttlMs > 0) this.kept = new LRUCache({ max: 5000, maxSize: KEPT_BYTES, ttl: ttlMs });
  }

  shared<T>(key: string, call: () => Promise<T>): Promise<T> {
    const kept = this.kept;
    if (!kept) return call();
    const hit = kept.get(key);
    if (hit) return Promise.resolve(hit.value as T);
    let answer = this.inFlight.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = call();
      this.inFlight.set(key, answer);
      answer.then(
        (value) => {
          this.inFlight.delete(key);
          kept.set(key, { value }, { size: value instanceof JsonBody ? value.bytes.length : OBJECT_BYTES });
        },
        () => this.inFlight.delete(key),
      );
    }
    return answer;
  }

  /** `shared`, as JSON text made once per kept answer. */
  json<T>(key: string, call: () => Promise<T>): Promise<JsonBody<T>> {
    return this.shared(key, async () => new JsonBody<T>(JSON.stringify(await call())));
  }
}

/**
 * An HTTP request body passed on as it came, typed as the subject's DTO: the gateway does not validate bodies, the
 * service does (its ValidationPipe answers 400 for one that does not fit). No body is an empty object.
 */
export const forwarded = <T extends object>(body: T | undefined): T => body ?? ({} as T);

const unavailable = (): ServiceError => ({ status: 503, code: ErrorCodes.unavailable, message: Messages.serviceUnavailable });

/**
 * Calls one service over NATS request-reply through its own circuit breaker. A service's answered error
 * (4xx) is passed on and does not trip the breaker; a timeout, a 5xx or an open circuit becomes a 503.
 */
export class ServiceClient {
  readonly breaker: CircuitBreaker<[string, unknown, number?, boolean?], unknown>;
  private sequence = 0;
  private readonly reads: ReadCache;
  private readonly readsAsJson: ReadCache;

  constructor(readonly service: ServiceName, private readonly nc: Pick<NatsConnection, 'request'>, private readonly options: ServiceClientOptions) {
    const action = (subject: string, data: unknown, timeoutMs?: number, asJson?: boolean) => this.request(subject, data, timeoutMs ?? options.timeoutMs, asJson);
    this.breaker = new CircuitBreaker(action, {
      name: service,
      timeout: false,
      resetTimeout: options.resetMs,
      errorThresholdPercentage: 50,
      volumeThreshold: 2,
      rollingCountTimeout: 10_000,
      errorFilter: (err: unknown) => isServiceError(err) && err.status < 500,
    });
    this.reads = new ReadCache(options.readCacheMs);
    this.readsAsJson = new ReadCache(options.readCacheMs);
  }

  /**
   * A public storefront read (the same for every visitor): identical calls in flight share one request,
   * and an answer is reused for `readCacheMs`, short enough that a price change still shows within a second.
   */
  read<S extends RequestSubject>(subject: S, data: RequestOf<S>): Promise<ResponseOf<S>> {
    return this.reads.shared(`${subject} ${JSON.stringify(data)}`, () => this.send(subject, data));
  }

  /** `read`, answered as JSON text made once per cached answer (lists are tens of kB: serialising each time costs most of a request). */
  readAsJson<S extends RequestSubject>(subject: S, data: RequestOf<S>): Promise<JsonBody<ResponseOf<S>>> {
    return this.readsAsJson.shared(`${subject} ${JSON.stringify(data)}`, () => this.fire(subject, data, undefined, true) as Promise<JsonBody<ResponseOf<S>>>);
  }

  /**
   * `send`, for an answer the gateway passes on unchanged: its JSON bytes as the service wrote them, neither parsed
   * nor written again (a page of orders is tens of kB: that was a tenth of the gateway's CPU on the patient's orders).
   */
  relay<S extends RequestSubject>(subject: S, data: RequestOf<S>, timeoutMs?: number): Promise<JsonBody<ResponseOf<S>>> {
    return this.fire(subject, data, timeoutMs, true) as Promise<JsonBody<ResponseOf<S>>>;
  }

  /** `timeoutMs`: this call's own limit instead of the service's (calls known to take longer, such as password hashing). */
  send<S extends RequestSubject>(subject: S, data: RequestOf<S>, timeoutMs?: number): Promise<ResponseOf<S>> {
    return this.fire(subject, data, timeoutMs, false) as Promise<ResponseOf<S>>;
  }

  /** The service's `<service>.health`, without the breaker (health probes must see the real state). */
  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.request<ServiceHealth>(healthSubject(this.service), {}, timeoutMs, false, false);
  }

  /** One call without the breaker. */
  call<S extends RequestSubject>(subject: S, data: RequestOf<S>, timeoutMs: number): Promise<ResponseOf<S>> {
    return this.request<ResponseOf<S>>(subject, data, timeoutMs);
  }

  private async fire(subject: string, data: unknown, timeoutMs: number | undefined, asJson: boolean): Promise<unknown> {
    try {
      return await this.breaker.fire(subject, data, timeoutMs, asJson);
    } catch (err) {
      throw isServiceError(err) && err.status < 500 ? err : unavailable();
    }
  }

  /**
   * A request in Nest's framing (`{ pattern, data, id }`) over the connection's one reply subscription; every call
   * names its caller (`x-caller`). `asJson`: the answer as its JSON bytes; `mayRepeat`: asked again once on a timeout.
   */
  private async request<T>(subject: string, data: unknown, timeoutMs: number, asJson = false, mayRepeat = currentRequestIsSafe()): Promise<T> {
    const h = natsHeaders();
    h.set(Headers.correlationId, currentCorrelationId() ?? '');
    // The caller's token, verified by the bearer strategy on routes that take one; services verify it again.
    h.set(Headers.caller, currentCallerToken() ?? ANONYMOUS_CALLER);
    for (const [key, value] of Object.entries(traceCarrier())) h.set(key, value);
    const id = String(++this.sequence);
    const { data: packet } = serializer.serialize({ pattern: subject, data, id });
    // A call made for a GET or HEAD (HTTP's safe methods) may be asked twice: once more when it times out (never a
    // health probe's, which must see the service as it is).
    const reply = await requestDelivered(this.nc, subject, packet as Uint8Array, { timeout: timeoutMs, headers: h }, { idempotent: mayRepeat });
    return (asJson ? answerAsJson(reply.data) : answerOf(reply.data)) as T;
  }
}

import type { INestApplicationContext, INestMicroservice, Type } from '@nestjs/common';
import {
  ANONYMOUS_CALLER, Headers, healthSubject,
  type RequestOf, type RequestSubject, type ResponseOf, type ServiceHealth,
} from '@mc/contracts';
import { connect, headers as natsHeaders, JSONCodec, type NatsConnection } from 'nats';
import { TestClock } from '../clock/test-clock';
import { loadEnv, NatsEnv } from '../config/env';
import { natsConnectionOptions, type NatsIdentity } from '../nats/connection';
import { startService, startWorker, type ServiceDefinition } from '../service';

const codec = JSONCodec();

/** The tests' own NATS server (see deploy/local/infra.sh), apart from the one `make dev` uses. */
export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4231';

/** The environment of every test: the test database and NATS, quiet logs. */
export const TEST_ENV = { APP_ENV: 'test', DATABASE_NAME: 'medcanna_test', NATS_URL: TEST_NATS_URL, LOG_LEVEL: 'warn', PROBE_PORT: '0', LOST_JOBS_SWEEP_MS: '0' };

/**
 * A connection to the tests' NATS server: as the tests' harness (every permission; the test server alone admits it), or
 * with a process's own credential, to see what that process may and may not do on the bus.
 */
export const connectNats = (as: NatsIdentity = 'harness'): Promise<NatsConnection> =>
  connect({ ...natsConnectionOptions(as, loadEnv(NatsEnv, TEST_ENV), `test-${as}`), maxReconnectAttempts: 0 });

export interface RpcOptions {
  correlationId?: string;
  /** The caller's access token for the `x-caller` header, as the gateway sends it; absent: an anonymous caller. */
  caller?: string;
}

/**
 * Sends a request the way the gateway does (Nest's packet over NATS request-reply, the caller in its header, anonymous
 * unless `caller` is given); resolves the answer or rejects with the service's error. A string is the correlation id.
 * Typed by the bus (`RequestRoutes`): the payload must be the subject's DTO, the answer is its response.
 */
export function rpc<S extends RequestSubject>(nc: NatsConnection, subject: S, data: RequestOf<S>, options: RpcOptions | string = {}): Promise<ResponseOf<S>> {
  return rpcUntyped<ResponseOf<S>>(nc, subject, data, options);
}

/**
 * `rpc` without the bus's types: for a payload no typed caller could send (the tests of a service's validation, what
 * anyone on the bus might send) and for subjects outside the map (`<service>.health`).
 */
export async function rpcUntyped<T = unknown>(nc: NatsConnection, subject: string, data: unknown, options: RpcOptions | string = {}): Promise<T> {
  const { correlationId, caller } = typeof options === 'string' ? { correlationId: options, caller: undefined } : options;
  const h = natsHeaders();
  if (correlationId) h.set(Headers.correlationId, correlationId);
  h.set(Headers.caller, caller ?? ANONYMOUS_CALLER);
  const reply = await nc.request(subject, codec.encode({ pattern: subject, data, id: String(Date.now()) }), { timeout: 5000, headers: h });
  const packet = codec.decode(reply.data) as { err?: unknown; response?: T };
  if (packet.err) throw packet.err;
  return packet.response as T;
}

/**
 * Starts a service on the test database once for a suite; returns getters for the app, a NATS connection and the
 * service's clock (a `TestClock`: the real time until the suite sets or moves it).
 */
export function useService(def: ServiceDefinition): { app: () => INestMicroservice; nc: () => NatsConnection; clock: () => TestClock } {
  let app: INestMicroservice;
  let nc: NatsConnection;
  const clock = new TestClock();
  beforeAll(async () => {
    app = await startService(def, TEST_ENV, { clock });
    nc = await connectNats();
  });
  afterAll(async () => {
    await nc?.close();
    await app?.close();
  });
  return { app: () => app, nc: () => nc, clock: () => clock };
}

/** Starts one of a service's workers (its own process in production) on the test database once for a suite. */
export function useWorker(def: ServiceDefinition, worker: string, imports: Type<unknown>[]): { app: () => INestApplicationContext } {
  let app: INestApplicationContext;
  beforeAll(async () => {
    app = await startWorker(def, worker, imports, TEST_ENV);
  });
  afterAll(async () => {
    await app?.close();
  });
  return { app: () => app };
}

/** The test every service has: it boots, applies its migrations and answers `<service>.health` on its queue group. */
export function describeServiceHealth(def: ServiceDefinition): void {
  describe(`${def.name} service`, () => {
    const service = useService(def);
    it('answers its health subject with every dependency up', async () => {
      const health = await rpcUntyped<ServiceHealth>(service.nc(), healthSubject(def.name), {});
      expect(health).toEqual({ service: def.name, status: 'up', checks: { database: 'up', redis: 'up', nats: 'up', subscriptions: 'up' } });
    });
  });
}

export * from '../clock/test-clock';
export * from './test-identity';
export * from './wait-for';
export * from './bus-map';

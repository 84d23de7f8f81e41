import { randomUUID } from 'node:crypto';
import {
  Events, type EventEnvelope, type OfferSnapshot, type OffersChangedEvent, type PharmChangedEvent,
} from '@mc/contracts';
import { TEST_ENV, useService, waitFor } from '@mc/kit/testing';
import { JSONCodec, type NatsConnection } from 'nats';
import { Pool, type PoolClient } from 'pg';
import { loadCatalog, type CatalogSeedFile } from '../src/seed/seed';
import { catalogService } from '../src/service';

const DATABASE_URL = `postgres://catalog@127.0.0.1:5432/${TEST_ENV.DATABASE_NAME}`;
const LOCK = 'catalog-integration-tests';

/**
 * The catalog service on the test database, holding the catalogue to this suite alone: the suites of
 * this folder replace the whole catalogue, so they take turns (a PostgreSQL advisory lock) however
 * Jest spreads them over workers. `sql` runs setup and checks as the service's own role.
 */
export function useCatalog(data?: () => CatalogSeedFile, afterLoad?: (service: { nc: () => NatsConnection; sql: Sql }) => Promise<void>) {
  const service = useService(catalogService);
  let pool: Pool;
  let client: PoolClient;
  beforeAll(async () => {
    pool = new Pool({ connectionString: DATABASE_URL, max: 1 });
    client = await pool.connect();
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [LOCK]);
    if (data) await loadCatalog(service.app(), data());
    if (afterLoad) await afterLoad({ nc: service.nc, sql });
  }, 180_000);
  afterAll(async () => {
    await client?.query('SELECT pg_advisory_unlock(hashtext($1))', [LOCK]).catch(() => undefined);
    client?.release();
    await pool?.end();
  });
  const sql: Sql = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  return { ...service, sql };
}

export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const codec = JSONCodec();

/** Publishes an event on pharm's stream the way pharm's outbox relay does. */
export async function publishPharmEvent<T>(nc: NatsConnection, subject: string, data: T, occurredAt = new Date()): Promise<EventEnvelope<T>> {
  const envelope: EventEnvelope<T> = { eventId: randomUUID(), type: subject, version: 1, occurredAt: occurredAt.toISOString(), correlationId: randomUUID(), data };
  await nc.jetstream().publish(subject, codec.encode(envelope), { msgID: envelope.eventId });
  return envelope;
}

export const publishOffers = (nc: NatsConnection, offers: OfferSnapshot[], occurredAt?: Date) =>
  publishPharmEvent<OffersChangedEvent>(nc, Events.pharm.offersChanged, { offers }, occurredAt);

export const publishPharm = (nc: NatsConnection, pharm: PharmChangedEvent['pharm'], deleted = false, occurredAt?: Date) =>
  publishPharmEvent<PharmChangedEvent>(nc, Events.pharm.pharmChanged, { pharm, deleted }, occurredAt);

/** The kit's `waitFor` in the order these suites read best: what is awaited, how it is read, when it holds. */
export const eventually = <T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000): Promise<T> =>
  waitFor(what, read, { until: check, timeoutMs, intervalMs: 20 });

/** An offer of the test catalogue; ids far above pharm's own, so no other suite's events touch them. */
export const offer = (id: number, productSlug: string, pharmSlug: string, shekels: number, extra: Partial<OfferSnapshot> = {}): OfferSnapshot => ({
  pharmProductId: 900_000_000 + id,
  productSlug,
  pharmSlug,
  price: Math.round(shekels * 100),
  originalPrice: null,
  inStock: true,
  published: true,
  expiresAt: null,
  deleted: false,
  ...extra,
});

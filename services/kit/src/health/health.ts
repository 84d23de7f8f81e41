import { Controller, Inject, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type ComponentState, type ServiceHealth, type ServiceName } from '@mc/contracts';
import type Redis from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { NATS_CONNECTION, PG_POOL, REDIS } from '../tokens';

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timeout')), ms); });
  return Promise.race([p, expired]).finally(() => clearTimeout(timer));
}

async function probe(check: () => Promise<unknown>): Promise<ComponentState> {
  try {
    await withTimeout(check(), 800);
    return 'up';
  } catch {
    return 'down';
  }
}

/** The `<service>.health` handler: ready when its database, NATS and Redis connections answer. */
export function healthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(
      @Inject(PG_POOL) private readonly pool: Pool,
      @Inject(REDIS) private readonly redis: Redis,
      @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    ) {}

    @MessagePattern(healthSubject(service))
    async check(): Promise<ServiceHealth> {
      const [database, redis, nats] = await Promise.all([
        probe(() => this.pool.query('SELECT 1')),
        probe(() => this.redis.ping()),
        probe(() => this.nc.flush()),
      ]);
      const checks = { database, redis, nats };
      const status = Object.values(checks).every((s) => s === 'up') ? 'up' : 'down';
      return { service, status, checks };
    }
  }
  return HealthController;
}

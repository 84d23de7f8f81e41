import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { createRedis } from '@mc/kit';
import type Redis from 'ioredis';
import { GatewayEnv } from '../config';

/** The gateway's Redis connection (ephemeral counters only: rate limits, presence, Google sign-in states; nothing durable). */
@Injectable()
export class GatewayRedis implements OnApplicationShutdown {
  readonly client: Redis;
  constructor(@Inject(GatewayEnv) env: GatewayEnv) {
    this.client = createRedis(env.REDIS_URL, 'gateway');
  }
  async onApplicationShutdown() {
    await this.client.quit().catch(() => undefined);
  }
}

/** One Redis connection for the whole gateway, injectable anywhere as `GatewayRedis`. */
@Global()
@Module({})
export class RedisModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: RedisModule,
      providers: [{ provide: GatewayEnv, useValue: env }, GatewayRedis],
      exports: [GatewayRedis],
    };
  }
}

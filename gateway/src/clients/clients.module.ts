import { Global, Inject, Module, OnApplicationShutdown, type DynamicModule } from '@nestjs/common';
import { ClientNats } from '@nestjs/microservices';
import { SERVICES, type ServiceName } from '@mc/contracts';
import { natsConnectionOptions } from '@mc/kit';
import type { NatsConnection } from 'nats';
import type { GatewayEnv } from '../config';
import { ReadCache, ServiceClient } from './service-client';

/** One client (and breaker) per downstream service, sharing one NATS connection. */
export class ServiceClients {
  private readonly clients: Map<ServiceName, ServiceClient>;
  /** Pages the gateway composes from several services, kept like single reads. */
  readonly pages: ReadCache;

  constructor(readonly proxy: ClientNats, env: GatewayEnv) {
    const options = { timeoutMs: env.RPC_TIMEOUT_MS, resetMs: env.BREAKER_RESET_MS, readCacheMs: env.READ_CACHE_MS };
    this.clients = new Map(SERVICES.map((s) => [s, new ServiceClient(s, proxy.unwrap<NatsConnection>(), options)]));
    this.pages = new ReadCache(env.READ_CACHE_MS);
  }

  get(service: ServiceName): ServiceClient {
    return this.clients.get(service)!;
  }

  all(): ServiceClient[] {
    return [...this.clients.values()];
  }
}

class ClientsLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}
  async onApplicationShutdown() {
    for (const c of this.clients.all()) c.breaker.shutdown();
    await this.clients.proxy.close();
  }
}

@Global()
@Module({})
export class ClientsModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: ClientsModule,
      providers: [
        {
          provide: ServiceClients,
          useFactory: async () => {
            const proxy = new ClientNats(natsConnectionOptions('gateway', env));
            await proxy.connect();
            return new ServiceClients(proxy, env);
          },
        },
        ClientsLifecycle,
      ],
      exports: [ServiceClients],
    };
  }
}

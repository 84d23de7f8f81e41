import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { ComponentState, PageCacheStats, SystemHealth } from '@mc/contracts';
import type { FastifyReply } from 'fastify';
import { ServiceClients } from '../clients/clients.module';
import { GatewayEnv } from '../config';
import { OpenEndpoint } from '../http/client-headers.guard';
import { PageCache } from '../site/page-cache';

@ApiTags('site')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(ServiceClients) private readonly clients: ServiceClients,
    @Inject(GatewayEnv) private readonly env: GatewayEnv,
    @Inject(PageCache) private readonly pageCache: PageCache,
  ) {}

  /** Readiness of every downstream service: 200 when all are up, 503 naming the ones that are not. */
  @OpenEndpoint()
  @Get()
  @ApiOkResponse({ description: 'every service is up' })
  @ApiServiceUnavailableResponse({ description: 'at least one service is down' })
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<SystemHealth> {
    const states = await Promise.all(
      this.clients.all().map(async (client): Promise<[string, ComponentState]> => {
        try {
          const answer = await client.health(this.env.HEALTH_TIMEOUT_MS);
          return [client.service, answer.status];
        } catch {
          return [client.service, 'down'];
        }
      }),
    );
    const services = Object.fromEntries(states);
    const ok = states.every(([, s]) => s === 'up');
    reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', services };
  }

  /** How often the server-drawn pages were sent from the page cache since the gateway started (no personal data). */
  @OpenEndpoint()
  @Get('page-cache')
  @ApiOkResponse({ description: 'hits, misses and shared renders of the page cache, its hit rate and size' })
  pageCacheStats(): PageCacheStats {
    return this.pageCache.stats();
  }
}

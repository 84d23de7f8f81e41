import { Controller, Inject, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type ServiceHealth, type ServiceName } from '@mc/contracts';
import type { ProcessProbes } from '../operations/probes';
import { PROBES } from '../tokens';

/** The `<service>.health` handler: the process's readiness (its database, Redis, NATS and subscriptions; not draining), as `/readyz` answers it. */
export function healthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(PROBES) private readonly probes: ProcessProbes) {}

    @MessagePattern(healthSubject(service))
    async check(): Promise<ServiceHealth> {
      const { ready, checks } = await this.probes.readiness();
      return { service, status: ready ? 'up' : 'down', checks };
    }
  }
  return HealthController;
}

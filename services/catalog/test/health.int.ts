import { describeServiceHealth } from '@mc/kit/testing';
import { CatalogEnv } from '../src/config';
import { catalogService } from '../src/service';

/**
 * Without consumers: this suite does not take the catalogue lock of the others (see support.ts), and a
 * consumer stopping while another suite's events are in flight would hold them until their ack wait.
 */
class HealthCheckEnv extends CatalogEnv {
  CONSUME_EVENTS = false;
}

describeServiceHealth({ ...catalogService, env: HealthCheckEnv });

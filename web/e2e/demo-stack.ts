/**
 * A second stack for the browser tests that must see the demo data (issue 26: `/pharms` was 416 px wide on a phone
 * with the demo's 200 pharmacies, while the fixtures' five passed): `make dev`'s data set (deploy/seed, volume demo:
 * 800 products, 200 pharmacies with long names, many tags and 200 offers each) in a database of its own, served by
 * every service and a gateway of its own, on a NATS server of its own (so its queue groups never meet the e2e stack's)
 * and a Redis database of its own. About half a minute to start; a file calls `useDemoStack()` once.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { startPrivateNats } from '../../deploy/load/private-nats';
import * as stack from '../../deploy/local/stack';

const ROOT = path.resolve(__dirname, '../..');
const DATABASE = 'medcanna_e2e_demo';

export interface DemoStack {
  /** The demo stack's gateway, e.g. http://127.0.0.1:18088 (the e2e stack's own is GATEWAY_URL). */
  readonly baseUrl: string;
}

/** Starts the demo stack before the file's tests (seeded from nothing) and stops it after them. */
export function useDemoStack(): DemoStack {
  let running: stack.RunningStack | undefined;
  let nats: { stop(): Promise<void> } | undefined;
  const port = Number(process.env.E2E_DEMO_GATEWAY_PORT || 18088);
  const demo = { baseUrl: `http://127.0.0.1:${port}` };

  beforeAll(async () => {
    const bus = await startPrivateNats();
    nats = bus;
    const env = {
      DATABASE_NAME: DATABASE, NATS_URL: bus.url, APP_ENV: 'test', LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1',
      REDIS_URL: process.env.E2E_DEMO_REDIS_URL || 'redis://127.0.0.1:6379/7',
      // One browser asks for every page in a row: the per-client read limits are off, as on the e2e stack.
      RATE_LIMIT_CART_READS: '0', RATE_LIMIT_SEARCH: '0', RATE_LIMIT_LISTS: '0', RATE_LIMIT_PAGES: '0',
    };
    // The database made on the first run, and emptied on each.
    const infra = path.join(ROOT, 'deploy/local/infra.sh');
    execFileSync(infra, ['--databases-only'], { env: { ...process.env, DATABASES: DATABASE }, stdio: 'inherit' });
    execFileSync(infra, ['--reset-database', DATABASE], { stdio: 'inherit' });
    execFileSync(path.join(ROOT, 'deploy/local/seed.sh'), ['demo'], { env: { ...process.env, ...env }, stdio: 'inherit' });
    // Beside the e2e stack (18080): its probes on any free ports, not on ports next to the other's.
    running = await stack.startStack({ env, port, probeBase: 0, logDir: path.join(ROOT, 'artifacts/logs/e2e-demo') });
    await stack.waitForReadModels(running.baseUrl);
  }, 240_000);

  afterAll(async () => {
    await running?.stop();
    await nats?.stop();
  }, 60_000);

  return demo;
}

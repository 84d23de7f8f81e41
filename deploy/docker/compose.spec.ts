import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { entry, SERVICES, WORKERS } from '../local/stack';

/**
 * Issue 32, images and compose, checked as far as a machine without a Docker engine allows: the image is built from
 * the sources alone and runs any process by name as an unprivileged user with a health check; compose starts the
 * whole product, seeded, each process with its own credential, and publishes the gateway alone.
 */
const ROOT = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
type ComposeService = {
  command?: string[]; entrypoint?: string[]; env_file?: string; ports?: string[]; user?: string;
  healthcheck?: { disable?: boolean }; depends_on?: Record<string, { condition: string }>; environment?: Record<string, string>;
};
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService> };
const PROCESSES = [...SERVICES, ...Object.keys(WORKERS), 'gateway'];
/** The service whose schema and credential a process has (a worker: its service's). */
const serviceOf = (name: string) => (WORKERS[name] ? entry(name).split('/')[1] : name);

describe('the image', () => {
  it('leaves the history, local state, builds and secrets out of its context', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    for (const path of ['.git', 'artifacts', '.env', '.env.*', '**/node_modules', '**/dist', 'deploy/nats/compose', '**/*.nk']) expect(ignored).toContain(path);
  });

  it('runs as the node user, checks its own readiness, and starts the process it is told', () => {
    const lines = read('deploy/docker/Dockerfile').split('\n');
    const last = lines.slice(lines.findLastIndex((l) => l.startsWith('FROM ')));
    expect(last.filter((l) => l.startsWith('USER '))).toEqual(['USER node']);
    expect(last.join('\n')).toMatch(/HEALTHCHECK [^\n]*\\\n\s+CMD node -e .*\/readyz/);
    expect(last).toContain('ENTRYPOINT ["node", "deploy/docker/run.js"]');
    for (const name of PROCESSES) {
      const source = entry(name).replace(/\/dist\//, '/src/').replace(/\.js$/, '.ts');
      expect({ name, source, exists: existsSync(join(ROOT, source)) }).toEqual({ name, source, exists: true });
    }
  });
});

describe('docker compose', () => {
  const { services } = compose;

  it('runs every process of the product by name with the credential of its service, after the seed', () => {
    for (const name of PROCESSES) {
      const s = services[name];
      expect({ name, command: s?.command, env: s?.env_file }).toEqual({ name, command: [name], env: `deploy/nats/compose/${serviceOf(name)}.env` });
      expect({ name, afterSeed: s.depends_on?.seed?.condition }).toEqual({ name, afterSeed: 'service_completed_successfully' });
      expect({ name, checked: !s.healthcheck?.disable }).toEqual({ name, checked: true });
      expect(s.user).toBeUndefined();
    }
    expect(services['stock-feed'].environment?.NODE_OPTIONS).toBe('--max-old-space-size=128 --max-semi-space-size=8');
  });

  it('publishes the gateway alone, on the loopback', () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length).map(([name, s]) => [name, s.ports]);
    expect(published).toEqual([['gateway', ['127.0.0.1:8080:8080']]]);
  });

  it('seeds the demo data, and keeps Redis on disk and never evicting (BullMQ)', () => {
    expect(services.seed).toMatchObject({ entrypoint: ['bash', 'deploy/local/seed.sh'], command: ['demo'] });
    expect(services.seed.depends_on).toMatchObject({ 'db-init': { condition: 'service_completed_successfully' }, nats: { condition: 'service_healthy' } });
    const redis = services.redis.command!.join(' ');
    expect(redis).toContain('--appendonly yes');
    expect(redis).toContain('--maxmemory-policy noeviction');
    for (const infra of ['postgres', 'redis', 'nats']) expect(services[infra].healthcheck).toBeDefined();
  });

  it("the infrastructure file adds the loopback ports and the tests' NATS server, and nothing else", () => {
    const infra = parse(read('deploy/local/compose.infra.yml')) as { services: Record<string, ComposeService> };
    expect(Object.keys(infra.services).sort()).toEqual(['nats', 'nats-test', 'postgres', 'redis']);
    for (const s of Object.values(infra.services)) for (const port of s.ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
  });
});

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { EventConsumerRoutes, publisherOf, streamName } from '@mc/contracts';
import { entry, SERVICES, WORKERS } from '../local/stack';

/**
 * Issue 32, the cluster: both overlays render with kustomize and every object validates against its schema
 * (validate.mjs, an ES module, so run apart); then the rendered objects are read for what the product needs of them.
 * kubectl is required: without it these tests fail, they never skip.
 */
const ROOT = join(__dirname, '../..');
const OVERLAYS = ['development', 'production'] as const;
type Overlay = (typeof OVERLAYS)[number];
const PROCESSES = [...SERVICES, ...Object.keys(WORKERS), 'gateway'];
const REQUEST_HANDLERS = [...SERVICES, 'gateway'];
/** The service whose schema and credential a process has (a worker: its service's). */
const serviceOf = (name: string) => (WORKERS[name] ? entry(name).split('/')[1] : name);
/** Each overlay's sizes. */
const SIZES: Record<Overlay, { nats: number; streamReplicas: string; instances: number; minRequestHandlers: number; host: string }> = {
  development: { nats: 1, streamReplicas: '1', instances: 1, minRequestHandlers: 1, host: 'medcanna.localtest.me' },
  production: { nats: 3, streamReplicas: '3', instances: 3, minRequestHandlers: 2, host: 'www.medcanna.co.il' },
};
/** The BullMQ queues each worker scales on (prefix bull-<DATABASE_NAME>); a worker with none (timers) runs one copy, unscaled. */
const WORKER_QUEUES: Record<string, string[]> = { 'stock-feed': ['stock-feed'], 'notifications-sender': ['notifications-email', 'notifications-documents'] };
/** Settings a process needs in production beside every process's own (docs/ARCHITECTURE.md, "Running in production"). */
const NOTIFICATIONS = ['SMTP_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM', 'DOCUMENTS_TRANSIT_KEY', 'PUBLIC_URL', 'MAIL_FROM', 'OPERATOR_EMAIL'];
const PHARM = ['PHARM_HMAC_SECRET', 'FEED_PARTNERS', 'FEED_SPOOL_DIR'];
const REQUIRED: Record<string, string[]> = {
  gateway: ['API_KEY', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'DOCUMENTS_TRANSIT_KEY', 'FEED_PARTNERS', 'FEED_SPOOL_DIR', 'TRUSTED_PROXIES', 'PUBLIC_URL'],
  pharm: PHARM,
  'stock-feed': [...PHARM, 'NODE_OPTIONS'],
  order: ['PII_MASTER_KEY'],
  identity: ['IDENTITY_KEY_ENCRYPTION_KEY', 'IDENTITY_HMAC_SECRET'],
  notifications: NOTIFICATIONS,
  'notifications-sender': NOTIFICATIONS,
};
/** Settings whose values are secrets: only ever references to Secrets. */
const SECRET_SETTING = /SEED|SECRET|KEY|TOKEN|PASSWORD|^DATABASE_URL$|^SMTP_URL$|^FEED_PARTNERS$|^TWILIO_/;

type K8s = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; spec?: any; data?: Record<string, string>; stringData?: unknown };
type Setting = { value?: string; secret?: { name: string; key: string } };

const NO_KUBECTL = 'kubectl is not installed: these tests render deploy/k8s/overlays with `kubectl kustomize` (kustomize v5). '
  + 'Install kubectl (https://kubernetes.io/docs/tasks/tools/) and run them again.';

function run(command: string, args: string[]): { stdout: string; status: number; stderr: string } {
  try {
    return { stdout: execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }), status: 0, stderr: '' };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string; stderr?: string; status?: number };
    if (e.code === 'ENOENT') throw new Error(command === 'kubectl' ? NO_KUBECTL : `${command} not found`);
    return { stdout: e.stdout ?? '', status: e.status ?? 1, stderr: e.stderr ?? e.message };
  }
}

const rendered = new Map<Overlay, K8s[]>();
function render(overlay: Overlay): K8s[] {
  if (!rendered.has(overlay)) {
    const { stdout, status, stderr } = run('kubectl', ['kustomize', `deploy/k8s/overlays/${overlay}`]);
    if (status !== 0) throw new Error(`kubectl kustomize deploy/k8s/overlays/${overlay} failed:\n${stderr}`);
    rendered.set(overlay, parseAllDocuments(stdout).map((d) => d.toJSON() as K8s).filter(Boolean));
  }
  return rendered.get(overlay)!;
}

const all = (objects: K8s[], kind: string) => objects.filter((o) => o.kind === kind);
function one(objects: K8s[], kind: string, name: string): K8s {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) => Object.entries(selector).every(([k, v]) => labels[k] === v);
/** The process names a NetworkPolicy's pod selector picks by app.kubernetes.io/name ('*' for any pod). */
function namesSelected(selector: any): string[] {
  const byLabel = selector?.matchLabels?.['app.kubernetes.io/name'];
  if (byLabel) return [byLabel];
  const expression = (selector?.matchExpressions ?? []).find((e: any) => e.key === 'app.kubernetes.io/name' && e.operator === 'In');
  return expression ? expression.values : ['*'];
}

/** A process's container and its settings: its ConfigMaps' values and its own, secrets as references. */
function processOf(objects: K8s[], name: string) {
  const deployment = one(objects, 'Deployment', name);
  const pod = deployment.spec.template.spec;
  const container = pod.containers.find((c: any) => c.name === 'app');
  const settings: Record<string, Setting> = {};
  for (const from of container.envFrom ?? []) {
    for (const [key, value] of Object.entries(one(objects, 'ConfigMap', from.configMapRef.name).data ?? {})) settings[key] = { value };
  }
  for (const e of container.env ?? []) settings[e.name] = e.valueFrom?.secretKeyRef ? { secret: { name: e.valueFrom.secretKeyRef.name, key: e.valueFrom.secretKeyRef.key } } : { value: e.value };
  return { deployment, pod, container, settings };
}

function validation(overlay: Overlay): { overlay: string; objects: { kind: string; name: string }[]; errors: unknown[] } {
  run('kubectl', ['version', '--client']);
  const { stdout, stderr } = run(process.execPath, ['deploy/k8s/validate.mjs', `deploy/k8s/overlays/${overlay}`]);
  const line = stdout.trim().split('\n').pop();
  if (!line) throw new Error(`validate.mjs printed nothing:\n${stderr}`);
  return JSON.parse(line);
}

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const sizes = SIZES[overlay];

  it('renders, and every object validates against its schema', () => {
    const result = validation(overlay);
    expect(result.errors).toEqual([]);
    expect(result.objects.length).toBe(render(overlay).length);
    const outside = render(overlay).filter((o) => o.metadata.namespace !== 'medcanna').map((o) => `${o.kind}/${o.metadata.name}`);
    expect(outside).toEqual([]);
  });

  it('runs every process by name from the one image, probed on 9464, bounded and unprivileged', () => {
    const objects = render(overlay);
    for (const name of PROCESSES) {
      const { deployment, pod, container } = processOf(objects, name);
      expect({ name, image: container.image.split(':')[0], args: container.args }).toEqual({ name, image: 'medcanna', args: [name] });
      expect(deployment.metadata.labels).toMatchObject({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': 'medcanna' });
      const portOf = (port: string | number) => (typeof port === 'number' ? port : container.ports.find((p: any) => p.name === port)?.containerPort);
      const probes = ['livenessProbe', 'readinessProbe', 'startupProbe'].map((p) => ({ path: container[p]?.httpGet?.path, port: portOf(container[p]?.httpGet?.port) }));
      expect({ name, probes }).toEqual({ name, probes: [{ path: '/livez', port: 9464 }, { path: '/readyz', port: 9464 }, { path: '/readyz', port: 9464 }] });
      for (const bound of ['requests', 'limits']) expect({ name, bound, cpu: !!container.resources?.[bound]?.cpu, memory: !!container.resources?.[bound]?.memory }).toEqual({ name, bound, cpu: true, memory: true });
      expect({ name, pod: pod.securityContext }).toMatchObject({ name, pod: { runAsNonRoot: true, runAsUser: 1000 } });
      expect({ name, container: container.securityContext }).toMatchObject({ name, container: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } } });
      // The gateway's 5 s of failing readiness and the services' 10 s of draining fit in the grace period.
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(20);
      const writable = container.volumeMounts.map((m: any) => m.mountPath);
      expect(writable).toEqual(expect.arrayContaining(['/tmp', '/app/artifacts']));
    }
  });

  it("gives each process its settings, its service's credentials, and every secret only as a reference", () => {
    const objects = render(overlay);
    for (const name of PROCESSES) {
      const { settings, container } = processOf(objects, name);
      const service = serviceOf(name);
      expect({ name, ...Object.fromEntries(['APP_ENV', 'NODE_ENV', 'PROBE_PORT', 'DATABASE_NAME'].map((k) => [k, settings[k]?.value])) })
        .toEqual({ name, APP_ENV: 'production', NODE_ENV: 'production', PROBE_PORT: '9464', DATABASE_NAME: 'medcanna' });
      expect(settings.NATS_URL?.value).toMatch(/^tls:\/\//);
      expect(settings.REDIS_URL?.value).toMatch(/^redis:\/\//);
      expect(settings.NATS_STREAM_REPLICAS?.value).toBe(sizes.streamReplicas);
      const caFile = settings.NATS_TLS_CA_FILE?.value ?? '';
      expect({ name, caMounted: container.volumeMounts.some((m: any) => caFile.startsWith(`${m.mountPath}/`)) }).toEqual({ name, caMounted: true });
      expect({ name, seed: settings.NATS_NKEY_SEED?.secret }).toEqual({ name, seed: { name: `medcanna-nats-${service}`, key: 'seed' } });
      if (name !== 'gateway') expect({ name, db: settings.DATABASE_URL?.secret }).toEqual({ name, db: { name: `medcanna-db-${service}`, key: 'url' } });
      for (const required of REQUIRED[name] ?? []) expect({ name, required, set: !!(settings[required]?.value || settings[required]?.secret) }).toEqual({ name, required, set: true });
      for (const [key, setting] of Object.entries(settings)) {
        if (SECRET_SETTING.test(key)) expect({ name, key, fromSecret: !!setting.secret && setting.value === undefined }).toEqual({ name, key, fromSecret: true });
      }
    }
    expect(processOf(objects, 'stock-feed').settings.NODE_OPTIONS.value).toBe('--max-old-space-size=128 --max-semi-space-size=8');
    expect(processOf(objects, 'gateway').settings.PUBLIC_URL.value).toBe(`https://${sizes.host}`);
    for (const secret of all(objects, 'Secret')) expect({ secret: secret.metadata.name, data: secret.data ?? secret.stringData }).toEqual({ secret: secret.metadata.name, data: undefined });
  });

  it('shares the feed spool (ReadWriteMany) between the gateway, pharm and its stock-feed worker', () => {
    const objects = render(overlay);
    const spoolOf = (name: string) => {
      const { pod, container, settings } = processOf(objects, name);
      const mount = container.volumeMounts.find((m: any) => m.mountPath === settings.FEED_SPOOL_DIR?.value);
      return pod.volumes.find((v: any) => v.name === mount?.name)?.persistentVolumeClaim?.claimName;
    };
    const claims = ['gateway', 'pharm', 'stock-feed'].map(spoolOf);
    expect(new Set(claims).size).toBe(1);
    expect(one(objects, 'PersistentVolumeClaim', claims[0]).spec.accessModes).toEqual(['ReadWriteMany']);
  });

  it('gives each process a disruption budget and a KEDA scaler (request rate and CPU, consumer lag, queue depth; timers none)', () => {
    const objects = render(overlay);
    for (const name of PROCESSES) {
      const { deployment } = processOf(objects, name);
      const budgets = all(objects, 'PodDisruptionBudget').filter((b) => matches(b.spec.selector.matchLabels, deployment.spec.template.metadata.labels));
      expect({ name, budgets: budgets.map((b) => b.spec.maxUnavailable ?? b.spec.minAvailable) }).toEqual({ name, budgets: [1] });
      const scalers = all(objects, 'ScaledObject').filter((s) => s.spec.scaleTargetRef.name === name);
      if (!REQUEST_HANDLERS.includes(name) && !WORKER_QUEUES[name]) {
        expect({ name, scalers: scalers.length, replicas: deployment.spec.replicas }).toEqual({ name, scalers: 0, replicas: 1 });
        continue;
      }
      expect({ name, scalers: scalers.length }).toEqual({ name, scalers: 1 });
      const { spec } = scalers[0];
      const triggers = (type: string) => spec.triggers.filter((t: any) => t.type === type).map((t: any) => t.metadata);
      if (REQUEST_HANDLERS.includes(name)) {
        expect({ name, min: spec.minReplicaCount }).toEqual({ name, min: sizes.minRequestHandlers });
        const metric = name === 'gateway' ? 'mc_http_requests_total' : 'mc_bus_requests_total';
        expect({ name, rate: triggers('prometheus').map((m: any) => m.query) }).toEqual({ name, rate: [`sum(rate(${metric}{process="${name}"}[1m]))`] });
        expect(triggers('prometheus')[0].serverAddress).toMatch(/^https?:\/\//);
        expect({ name, cpu: triggers('cpu').length }).toEqual({ name, cpu: 1 });
        const durables = Object.entries(EventConsumerRoutes).filter(([, r]) => r.by === name)
          .map(([durable, r]) => ({ stream: streamName(publisherOf(r.filter)), consumer: durable })).sort((a, b) => a.consumer.localeCompare(b.consumer));
        const lag = triggers('nats-jetstream').map((m: any) => ({ stream: m.stream, consumer: m.consumer })).sort((a: any, b: any) => a.consumer.localeCompare(b.consumer));
        expect({ name, lag }).toEqual({ name, lag: durables });
        for (const m of triggers('nats-jetstream')) expect(m).toMatchObject({ account: '$G', natsServerMonitoringEndpoint: 'nats.medcanna.svc:8222', lagThreshold: expect.any(String) });
      } else {
        expect({ name, min: spec.minReplicaCount }).toEqual({ name, min: 1 });
        expect({ name, queues: triggers('redis').map((m: any) => m.listName) }).toEqual({ name, queues: WORKER_QUEUES[name].map((q) => `bull-medcanna:${q}:wait`) });
      }
    }
    expect(one(objects, 'ScaledObject', 'stock-feed').spec.maxReplicaCount).toBeLessThanOrEqual(3);
  });

  it('publishes the gateway alone, through the Ingress, at its host', () => {
    const objects = render(overlay);
    const ingresses = all(objects, 'Ingress');
    const backends = ingresses.flatMap((i) => i.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service.name)));
    expect([...new Set(backends)]).toEqual(['gateway']);
    expect(ingresses.flatMap((i) => i.spec.rules.map((r: any) => r.host))).toEqual([sizes.host]);
    expect(ingresses[0].spec).toMatchObject({ ingressClassName: 'nginx', tls: [{ hosts: [sizes.host], secretName: expect.any(String) }] });
    // No Service selects any other process's pods: the others answer on NATS only, their probe ports are scraped from the pods.
    const processPods = PROCESSES.map((name) => [name, processOf(objects, name).deployment.spec.template.metadata.labels] as const);
    const selected = all(objects, 'Service').flatMap((s) => processPods.filter(([, labels]) => s.spec.selector && matches(s.spec.selector, labels)).map(([name]) => name));
    expect(selected).toEqual(['gateway']);
    expect(one(objects, 'Service', 'gateway').spec.ports).toEqual([expect.objectContaining({ port: 8080 })]);
  });

  it('denies every connection by default; only the gateway takes outside traffic, three processes reach the internet', () => {
    const policies = all(render(overlay), 'NetworkPolicy');
    const isEmpty = (selector: any) => !selector || (!Object.keys(selector.matchLabels ?? {}).length && !(selector.matchExpressions ?? []).length);
    const defaultDeny = policies.filter((p) => isEmpty(p.spec.podSelector) && !p.spec.ingress && !p.spec.egress);
    expect(defaultDeny.map((p) => [...p.spec.policyTypes].sort())).toEqual([['Egress', 'Ingress']]);
    const fromOutside = policies.filter((p) => (p.spec.ingress ?? []).some((r: any) => (r.from ?? []).some((f: any) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx')));
    expect(fromOutside.flatMap((p) => namesSelected(p.spec.podSelector))).toEqual(['gateway']);
    const toInternet = policies.filter((p) => (p.spec.egress ?? []).some((r: any) => (r.to ?? []).some((t: any) => t.ipBlock?.cidr === '0.0.0.0/0')));
    expect([...new Set(toInternet.flatMap((p) => namesSelected(p.spec.podSelector)))].sort()).toEqual(['gateway', 'notifications-sender', 'stock-feed']);
  });

  it('runs NATS with JetStream, clustered in production, with the processes\' public keys from a ConfigMap made apart', () => {
    const objects = render(overlay);
    const nats = one(objects, 'StatefulSet', 'nats');
    expect(nats.spec.replicas).toBe(sizes.nats);
    const pod = nats.spec.template.spec;
    expect(pod.containers[0].image).toBe('nats:2.10-alpine');
    const config = one(objects, 'ConfigMap', pod.volumes.find((v: any) => v.name === 'config').configMap.name).data!['nats.conf'];
    expect(config).toMatch(/jetstream \{[^}]*store_dir/);
    expect(config).toMatch(/^include "\.\.\/auth\/auth\.conf"$/m);
    expect(pod.volumes.find((v: any) => v.name === 'auth').configMap.name).toBe('medcanna-nats-auth');
    const routes = config.match(/nats:\/\/nats-\d\.nats-headless:6222/g) ?? [];
    expect(routes.length).toBe(sizes.nats > 1 ? sizes.nats : 0);
    expect(nats.spec.volumeClaimTemplates.map((v: any) => v.metadata.name)).toEqual(['data']);
  });

  it('keeps PostgreSQL in a CloudNativePG cluster behind a session-mode pooler (LISTEN/NOTIFY)', () => {
    const objects = render(overlay);
    const cluster = all(objects, 'Cluster')[0];
    expect(cluster.spec.instances).toBe(sizes.instances);
    expect(cluster.spec.bootstrap.initdb).toMatchObject({ database: 'medcanna', encoding: 'UTF8', localeCollate: 'C.UTF-8', localeCType: 'C.UTF-8' });
    const poolers = all(objects, 'Pooler');
    expect(poolers.map((p) => [p.spec.cluster.name, p.spec.pgbouncer.poolMode])).toEqual([[cluster.metadata.name, 'session']]);
    const roles = cluster.spec.managed.roles.map((r: any) => r.passwordSecret.name).sort();
    expect(roles).toEqual(SERVICES.map((s) => `medcanna-db-${s}`).sort());
  });

  it('keeps Redis on disk and never evicting (BullMQ)', () => {
    const redis = one(render(overlay), 'StatefulSet', 'redis');
    const args = redis.spec.template.spec.containers[0].args.join(' ');
    expect(args).toContain('--appendonly yes');
    expect(args).toContain('--maxmemory-policy noeviction');
    expect(redis.spec.template.spec.containers[0].readinessProbe.exec.command).toEqual(['redis-cli', 'ping']);
  });

  it("has Prometheus scrape every process's probe port, with the alert rules and the dashboard", () => {
    const objects = render(overlay);
    const monitors = all(objects, 'PodMonitor');
    expect(monitors.map((m) => m.spec.selector.matchLabels)).toEqual([{ 'app.kubernetes.io/part-of': 'medcanna' }]);
    expect(monitors[0].spec.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'probes', path: '/metrics' })]);
    expect(all(objects, 'PrometheusRule').length).toBe(1);
    const dashboards = all(objects, 'ConfigMap').filter((c) => c.metadata.labels?.grafana_dashboard === '1');
    expect(dashboards.map((c) => [c.metadata.name, Object.keys(c.data ?? {})])).toEqual([['medcanna-dashboard', ['dashboard.json']]]);
  });
});

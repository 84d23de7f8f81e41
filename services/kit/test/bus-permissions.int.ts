import {
  BUS_PROCESSES, Events, EventConsumerRoutes, publisherOf, RequestCallers, RequestRoutes, SERVICES, streamName, Subjects,
  type BusProcess, type RequestSubject,
} from '@mc/contracts';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, nkeys, nkeyAuthenticator, type NatsConnection, type NatsError } from 'nats';
import { ensureStream, loadEnv, localKeysDir, NatsEnv, STREAM_MAX_AGE_MS } from '../src';
import { connectNats, TEST_ENV, TEST_NATS_URL } from '../src/testing';

/**
 * The bus as an attacker finds it, and as each process's own credential sees it (the test NATS server runs the
 * configuration generated from deploy/nats/permissions.json, as development and production do).
 */
const DENIED = 'PERMISSIONS_VIOLATION';
const codeOf = async (p: Promise<unknown>): Promise<string> => p.then(() => 'ok', (err: NatsError) => String(err.code));
const encoded = (data: unknown) => new TextEncoder().encode(JSON.stringify(data));

/** A request as the gateway sends one; answered or not, what matters is whether the server let it out. */
const ask = (nc: NatsConnection, subject: string) => codeOf(nc.request(subject, encoded({ pattern: subject, data: {}, id: '1' }), { timeout: 300 }));

/** Whether the server lets `nc` subscribe to `subject` (a refusal ends the subscription with the violation). */
async function subscribeCode(nc: NatsConnection, subject: string): Promise<string> {
  const sub = nc.subscribe(subject);
  const ended = (async () => {
    try {
      for await (const _ of sub) { /* nothing is published here */ }
      return 'ok';
    } catch (err) {
      return String((err as NatsError).code);
    }
  })();
  await nc.flush();
  const code = await Promise.race([ended, new Promise<string>((r) => setTimeout(() => r('ok'), 300))]);
  sub.unsubscribe();
  return code;
}

describe('the bus admits only our processes, each to its own subjects', () => {
  const as = {} as Record<BusProcess, NatsConnection>;
  let harness: NatsConnection;

  beforeAll(async () => {
    harness = await connectNats();
    const jsm = await harness.jetstreamManager();
    for (const service of SERVICES) await ensureStream(jsm, service);
    for (const p of BUS_PROCESSES) as[p] = await connectNats(p);
  });
  afterAll(async () => {
    await Promise.all([harness, ...Object.values(as)].map((nc) => nc?.close()));
  });

  it('refuses a connection without a credential, or with a key it does not know', async () => {
    expect(await codeOf(connect({ servers: TEST_NATS_URL, maxReconnectAttempts: 0 }))).toBe('AUTHORIZATION_VIOLATION');
    const stranger = nkeys.createUser().getSeed();
    expect(await codeOf(connect({ servers: TEST_NATS_URL, authenticator: nkeyAuthenticator(stranger), maxReconnectAttempts: 0 }))).toBe('AUTHORIZATION_VIOLATION');
  });

  it('lets no process listen to everything, to another process’s replies or to events it does not consume', async () => {
    for (const p of BUS_PROCESSES) {
      expect([p, await subscribeCode(as[p], '>')]).toEqual([p, DENIED]);
      expect([p, await subscribeCode(as[p], 'evt.>')]).toEqual([p, DENIED]);
      const other = p === 'gateway' ? 'catalog' : 'gateway';
      expect([p, await subscribeCode(as[p], `_INBOX_${other}.>`)]).toEqual([p, DENIED]);
      expect([p, await subscribeCode(as[p], `_INBOX_${p}.anything`)]).toEqual([p, 'ok']);
    }
  });

  it('lets identity alone answer for identity’s public keys', async () => {
    for (const p of BUS_PROCESSES) {
      expect([p, await subscribeCode(as[p], Subjects.identity.keysGet)]).toEqual([p, p === 'identity' ? 'ok' : DENIED]);
    }
  });

  it('lets each request subject be sent only by its callers and served only by its service', async () => {
    const refusals: string[] = [];
    for (const subject of Object.keys(RequestRoutes) as RequestSubject[]) {
      for (const p of BUS_PROCESSES) {
        const allowed = RequestCallers[subject].includes(p);
        const code = await ask(as[p], subject);
        if ((code === DENIED) === allowed) refusals.push(`${p} ${allowed ? 'could not send' : 'sent'} ${subject} (${code})`);
        if (subject.startsWith('identity.') && p !== 'identity' && (await subscribeCode(as[p], subject)) !== DENIED) refusals.push(`${p} listened on ${subject}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('keeps the subjects a payload could abuse to their one caller', async () => {
    const guarded: [RequestSubject, BusProcess][] = [
      [Subjects.identity.googleSignIn, 'gateway'],
      [Subjects.identity.deliverySecretGet, 'notifications'],
      [Subjects.identity.deliverySecretForget, 'notifications'],
      [Subjects.order.noticeGet, 'notifications'],
      [Subjects.order.documentsFinish, 'notifications'],
    ];
    for (const [subject, only] of guarded) {
      for (const p of BUS_PROCESSES) expect([subject, p, (await ask(as[p], subject)) === DENIED]).toEqual([subject, p, p !== only]);
    }
  });

  it('takes an event only from the service that owns it', async () => {
    const forged = { eventId: '00000000-0000-4000-8000-000000000000', type: Events.order.statusChanged, version: 1, data: { orders: [] } };
    const jsm = await harness.jetstreamManager();
    const before = (await jsm.streams.info(streamName('order'))).state.messages;
    for (const p of BUS_PROCESSES.filter((p) => p !== 'order' && p !== 'operator')) {
      expect([p, await codeOf(as[p].jetstream().publish(Events.order.statusChanged, encoded(forged), { msgID: `forged-${p}` }))]).toEqual([p, DENIED]);
    }
    expect((await jsm.streams.info(streamName('order'))).state.messages).toBe(before);
    // Order itself may, and the operators' tool (a dead letter's replay); each is taken out again at once, so no
    // consumer of a later suite reads it.
    for (const p of ['order', 'operator'] as const) {
      const ack = await as[p].jetstream().publish(Events.order.statusChanged, encoded(forged), { msgID: `own-${p}` });
      await jsm.streams.deleteMessage(streamName('order'), ack.seq);
    }
  });

  it('limits JetStream’s API to a process’s own stream and consumers', async () => {
    for (const p of BUS_PROCESSES) {
      const jsm = await as[p].jetstreamManager({ checkAPI: false });
      expect([p, await codeOf(jsm.streams.delete(streamName('order')))]).toEqual([p, DENIED]);
      expect([p, await codeOf(jsm.streams.purge(streamName('identity')))]).toEqual([p, DENIED]);
      expect([p, await codeOf(jsm.consumers.add(streamName('identity'), { durable_name: 'spy', filter_subject: 'evt.identity.>' }))]).toEqual([p, DENIED]);
      const sameAge = { max_age: STREAM_MAX_AGE_MS.pharm * 1_000_000 };
      expect([p, await codeOf(jsm.streams.update(streamName('pharm'), sameAge))]).toEqual([p, p === 'pharm' ? 'ok' : DENIED]);
    }
    // Each consumer of the bus may be made by its own service only.
    for (const [durable, route] of Object.entries(EventConsumerRoutes)) {
      const other = route.by === 'catalog' ? 'cart' : 'catalog';
      const jsm = await as[other].jetstreamManager({ checkAPI: false });
      expect([durable, await codeOf(jsm.consumers.info(streamName(publisherOf(route.filter)), durable))]).toEqual([durable, DENIED]);
    }
  });

  it('is configured alike wherever it runs: development, compose and the tests, the harness in the tests’ alone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mc-nats-conf-'));
    const root = join(__dirname, '../../..');
    try {
      execFileSync('node', [join(root, 'deploy/local/nats.js'), 'compose', dir]);
      const [dev, test] = ['nats.conf', 'nats-test.conf'].map((file) => {
        execFileSync(existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server', ['-t', '-c', join(dir, file)]);
        return readFileSync(join(dir, file), 'utf8');
      });
      const harnessSeed = readFileSync(join(localKeysDir(loadEnv(NatsEnv, TEST_ENV)), 'harness.nk'), 'utf8').trim();
      const harnessKey = nkeys.fromSeed(new TextEncoder().encode(harnessSeed)).getPublicKey();
      expect(dev).not.toContain(harnessKey);
      expect(test).toContain(harnessKey);
      const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
      for (const p of BUS_PROCESSES) {
        expect(dev).toContain(`# ${p}\n`);
        expect(readFileSync(join(dir, `${p}.env`), 'utf8')).toMatch(/^NATS_NKEY_SEED=SU[A-Z2-7]{56}\n$/);
        // Every process of the product runs in compose with its own credential (the operators' is for people).
        if (p !== 'operator') expect(compose).toContain(`env_file: deploy/nats/compose/${p}.env`);
      }
      expect(compose).not.toMatch(/ports: \["(?!127\.0\.0\.1:)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

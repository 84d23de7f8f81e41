import { nkeys } from 'nats';
import { EnvError, loadEnv, NatsEnv } from '../config/env';
import { natsConnectionOptions } from './connection';

const seed = new TextDecoder().decode(nkeys.createUser().getSeed());

describe('a process joining the bus', () => {
  it('refuses to start in production without its own seed or without TLS, naming what is missing and never the seed', () => {
    expect(() => natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: 'tls://nats:4222' }))).toThrow(/NATS_NKEY_SEED is required/);
    expect(() => natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: 'nats://nats:4222', NATS_NKEY_SEED: seed }))).toThrow(/must be a tls:\/\/ URL/);
    expect(() => natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: 'nats://127.0.0.1.evil.example:4222', NATS_NKEY_SEED: seed }))).toThrow(/must be a tls:\/\/ URL/);
    // A server on the loopback (a sidecar) may go without TLS: nothing crosses a network.
    expect(natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: 'nats://127.0.0.1:4222', NATS_NKEY_SEED: seed })).tls).toBeUndefined();
    expect(() => loadEnv(NatsEnv, { NATS_NKEY_SEED: 'SUnot-a-seed' })).toThrow(EnvError);
    expect(() => loadEnv(NatsEnv, { NATS_NKEY_SEED: 'SUnot-a-seed' })).toThrow(/NATS_NKEY_SEED=\(hidden\)/);
  });

  it('connects with its own key, its own inbox prefix and TLS in production', () => {
    const options = natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: 'tls://nats:4222', NATS_NKEY_SEED: seed }));
    expect(options).toMatchObject({ servers: ['tls://nats:4222'], name: 'cart', inboxPrefix: '_INBOX_cart', tls: {} });
    expect(typeof options.authenticator).toBe('function');
  });

  it('takes a cluster as servers separated by commas, every one of them over TLS in production', () => {
    const cluster = 'tls://nats-0.nats:4222,tls://nats-1.nats:4222,tls://nats-2.nats:4222';
    expect(natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: cluster, NATS_NKEY_SEED: seed })).servers).toEqual(cluster.split(','));
    expect(() => natsConnectionOptions('cart', loadEnv(NatsEnv, { NATS_URL: 'tls://nats-0:4222,nats://nats-1:4222', NATS_NKEY_SEED: seed }))).toThrow(/must be a tls:\/\/ URL/);
    expect(() => loadEnv(NatsEnv, { NATS_URL: 'nats://a:4222,,nats://b:4222' })).toThrow(/NATS_URL/);
  });

  it('reads a development key from the local keys folder, and says how to make one when it is missing', () => {
    const env = loadEnv(NatsEnv, { APP_ENV: 'development', NATS_KEYS_DIR: '/nonexistent' });
    expect(() => natsConnectionOptions('order', env)).toThrow(/No NATS credential for order at \/nonexistent\/order\.nk: run `make setup`/);
  });
});

import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { inboxPrefix, type BusProcess } from '@mc/contracts';
import { nkeyAuthenticator, type ConnectionOptions } from 'nats';
import { EnvError, isDevelopment, type NatsEnv } from '../config/env';

/** Who connects: a process of the bus, or (tests only: the test server alone admits it) the tests' own harness. */
export type NatsIdentity = BusProcess | 'harness';

/** Where development and the tests keep this machine's NKey seeds (deploy/local/nats.js writes them). */
export const localKeysDir = (env: Pick<NatsEnv, 'NATS_KEYS_DIR'>): string =>
  env.NATS_KEYS_DIR || join(process.env.XDG_STATE_HOME || join(homedir(), '.local/state'), 'medcanna/nats');

/** A server on the same machine (a sidecar): the one place production may skip TLS, since nothing crosses a network. */
const LOOPBACK = /^nats:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

/** The servers NATS_URL names: one, or a cluster's separated by commas. */
export const natsServers = (env: Pick<NatsEnv, 'NATS_URL'>): string[] => env.NATS_URL.split(',');

function seedOf(identity: NatsIdentity, env: NatsEnv): string {
  if (!isDevelopment(env)) {
    const missing = [
      ...(env.NATS_NKEY_SEED ? [] : [`NATS_NKEY_SEED is required: ${identity}'s own NKey seed (production never joins the bus without one)`]),
      ...(natsServers(env).every((url) => url.startsWith('tls://') || LOOPBACK.test(url))
        ? []
        : [`NATS_URL=${JSON.stringify(env.NATS_URL)}: must be a tls:// URL in production (plain nats:// only to a server on the loopback)`]),
    ];
    if (missing.length) throw new EnvError(`Invalid environment:\n  ${missing.join('\n  ')}`);
  }
  if (env.NATS_NKEY_SEED) return env.NATS_NKEY_SEED;
  const file = join(localKeysDir(env), `${identity}.nk`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new EnvError(`No NATS credential for ${identity} at ${file}: run \`make setup\` (deploy/local/infra.sh makes this machine's keys).`);
  }
}

/**
 * The connection options of one process (production: refused without its seed or over plain TCP): its own NKey, replies on its own inbox prefix (the only one it may
 * subscribe to), TLS for a tls:// server, and reconnecting for ever (to another server of a cluster at once when one goes).
 */
export function natsConnectionOptions(identity: NatsIdentity, env: NatsEnv, name: string = identity): ConnectionOptions {
  const servers = natsServers(env);
  const tls = servers.some((url) => url.startsWith('tls://')) ? { tls: env.NATS_TLS_CA_FILE ? { caFile: env.NATS_TLS_CA_FILE } : {} } : {};
  return {
    servers,
    name,
    inboxPrefix: identity === 'harness' ? '_INBOX_harness' : inboxPrefix(identity),
    authenticator: nkeyAuthenticator(new TextEncoder().encode(seedOf(identity, env))),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    // A first connection that fails (the server not up yet, a handshake that timed out) is tried again as a lost one
    // would be, rather than failing the process's start.
    waitOnFirstConnect: true,
    // No Error (and its stack) made for every request in case it times out: a tenth of the gateway's CPU under load.
    // A request that fails is answered by our own error (the Hebrew 503), which never showed that stack.
    noAsyncTraces: true,
    ...tls,
  };
}

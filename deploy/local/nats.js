#!/usr/bin/env node
// The project's own NATS servers: every process connects with an NKey of its own, and the server lets it touch only
// the subjects deploy/nats/permissions.json (generated from contracts/src/messaging/access.ts) lists for it.
// The keys are made once per machine in NATS_KEYS_DIR (default ~/.local/state/medcanna/nats, mode 0700), never in
// the repository; the server configurations are written beside them, holding only the public keys.
//
//   node deploy/local/nats.js config <dev|test> <port>   writes the server configuration, prints its path
//   node deploy/local/nats.js compose <dir>             writes nats.conf, nats-test.conf, a <process>.env per process and keys/ for docker compose
//
// The test server alone also admits `harness`, the tests' own credential with every permission (a test plays any
// caller, the attacker included); the development server and compose's never do.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const PERMISSIONS_FILE = path.join(ROOT, 'deploy/nats/permissions.json');
const HARNESS = 'harness';

const keysDir = () => process.env.NATS_KEYS_DIR || path.join(process.env.XDG_STATE_HOME || path.join(os.homedir(), '.local/state'), 'medcanna/nats');
const permissions = () => JSON.parse(fs.readFileSync(PERMISSIONS_FILE, 'utf8'));
const nkeys = () => require(require.resolve('nats', { paths: [path.join(ROOT, 'services/kit'), ROOT] })).nkeys;

/** The process's seed, made on first use (0600). */
function seed(process_) {
  const dir = keysDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${process_}.nk`);
  try {
    fs.writeFileSync(file, new TextDecoder().decode(nkeys().createUser().getSeed()), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

const publicKey = (process_) => nkeys().fromSeed(new TextEncoder().encode(seed(process_))).getPublicKey();

/** One user of the server's authorization block (NATS's configuration syntax reads JSON values). */
function user(process_, p) {
  const permissions = { publish: { allow: p.publish }, subscribe: { allow: p.subscribe } };
  if (p.allowResponses) permissions.allow_responses = true;
  return { nkey: publicKey(process_), permissions };
}

/**
 * The text of a server configuration: the loopback (or `host`), JetStream in `storeDir`, one user per process. A node
 * of a cluster (`cluster`: its name, this node's route port, the other nodes' route URLs and the routes' own secret)
 * has a `serverName` and, for the run's own looks, a monitoring `httpPort`.
 */
function serverConfig({ port, storeDir, host = '127.0.0.1', harness = false, tls, serverName, cluster, httpPort }) {
  const users = Object.entries(permissions()).map(([name, p]) => ({ ...user(name, p), _name: name }));
  if (harness) users.push({ nkey: publicKey(HARNESS), permissions: { publish: { allow: ['>'] }, subscribe: { allow: ['>'] }, allow_responses: true }, _name: HARNESS });
  const lines = [
    '# Written by deploy/local/nats.js from deploy/nats/permissions.json: do not edit.',
    `host: ${JSON.stringify(host)}`,
    `port: ${port}`,
    ...(serverName ? [`server_name: ${JSON.stringify(serverName)}`] : []),
    ...(httpPort ? [`http: ${JSON.stringify(`${host}:${httpPort}`)}`] : []),
    `jetstream { store_dir: ${JSON.stringify(storeDir)} }`,
    ...(cluster
      ? [`cluster { name: ${JSON.stringify(cluster.name)}, host: ${JSON.stringify(host)}, port: ${cluster.port}, `
        + `authorization { user: "route", password: ${JSON.stringify(cluster.secret)} }, routes: ${JSON.stringify(cluster.routes)} }`]
      : []),
    ...(tls ? [`tls { cert_file: ${JSON.stringify(tls.cert)}, key_file: ${JSON.stringify(tls.key)} }`] : []),
    'authorization {',
    '  users = [',
    ...users.map(({ _name, ...u }) => `    # ${_name}\n    ${JSON.stringify(u)}`),
    '  ]',
    '}',
    '',
  ];
  return lines.join('\n');
}

/** Connection options of a process for nats.js: its NKey and its own inbox prefix (scripts and tests; the kit has its own). */
function natsOptions(process_ = HARNESS) {
  const { nkeyAuthenticator } = require(require.resolve('nats', { paths: [path.join(ROOT, 'services/kit'), ROOT] }));
  return { authenticator: nkeyAuthenticator(new TextEncoder().encode(seed(process_))), inboxPrefix: `_INBOX_${process_}`, name: process_ };
}

module.exports = { keysDir, seed, serverConfig, natsOptions, HARNESS, PERMISSIONS_FILE };

if (require.main === module) {
  const [command, arg, port] = process.argv.slice(2);
  if (command === 'config' && (arg === 'dev' || arg === 'test') && Number(port) > 0) {
    const dir = keysDir();
    const file = path.join(dir, `${arg}.conf`);
    const text = serverConfig({ port: Number(port), storeDir: path.join(dir, `${arg}-jetstream`), harness: arg === 'test' });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(`${file}.new`, text, { mode: 0o600 });
    fs.renameSync(`${file}.new`, file);
    console.log(file);
  } else if (command === 'compose' && arg) {
    fs.mkdirSync(arg, { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(arg, 'nats.conf'), serverConfig({ port: 4222, host: '0.0.0.0', storeDir: '/data/jetstream' }), { mode: 0o644 });
    fs.writeFileSync(path.join(arg, 'nats-test.conf'), serverConfig({ port: 4222, host: '0.0.0.0', storeDir: '/data/jetstream', harness: true }), { mode: 0o644 });
    // Each process's seed as its env file; the seed container, which loads each service's data as that service, reads keys/.
    fs.mkdirSync(path.join(arg, 'keys'), { recursive: true, mode: 0o700 });
    for (const name of Object.keys(permissions())) {
      fs.writeFileSync(path.join(arg, `${name}.env`), `NATS_NKEY_SEED=${seed(name)}\n`, { mode: 0o600 });
      fs.writeFileSync(path.join(arg, 'keys', `${name}.nk`), seed(name), { mode: 0o600 });
    }
    console.log(arg);
  } else {
    console.error('usage: nats.js config <dev|test> <port> | nats.js compose <dir>');
    process.exit(2);
  }
}

// A NATS server (with JetStream) of one run's own, on a free port with its storage in a temporary directory, for
// services started on a database other than the stack's (the footprint, the 10× volumes): their queue groups and
// event streams then never meet those of a stack running on the shared NATS (4222).
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { serverConfig } = require('../local/nats');

const BINARY = ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((f) => fs.existsSync(f)) ?? 'nats-server';

/** A TCP port free on the loopback now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => resolve(port)); });
  });
}

const answers = (port) => new Promise((resolve) => {
  const socket = net.connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true); }).once('error', () => resolve(false));
});

/** Starts the server; resolves with its URL and `stop()` (which also removes its storage). */
async function startPrivateNats() {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-nats-'));
  // The same permissions as every server of the project (each process its own key), and the harness for the script's own looks.
  const conf = path.join(dir, 'nats.conf');
  fs.writeFileSync(conf, serverConfig({ port, storeDir: path.join(dir, 'jetstream'), harness: true }), { mode: 0o600 });
  const child = spawn(BINARY, ['-c', conf], { stdio: 'ignore' });
  const stop = () => new Promise((resolve) => {
    const done = () => { fs.rmSync(dir, { recursive: true, force: true }); resolve(); };
    if (child.exitCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
  });
  for (let i = 0; i < 100 && !(await answers(port)); i++) {
    if (child.exitCode !== null) throw new Error(`${BINARY} exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await answers(port))) { await stop(); throw new Error(`${BINARY} did not answer on port ${port}`); }
  return { url: `nats://127.0.0.1:${port}`, stop };
}

/**
 * A 3-node JetStream cluster of the run's own (`make chaos`): each node on free ports, its storage in a temporary
 * directory, routes between the nodes under a secret of the run. Resolves once the cluster has a JetStream leader, with
 * the processes' NATS_URL (every node, separated by commas), each node's `kill()` (SIGKILL), `start()` and monitoring
 * URL, and `stop()`.
 */
async function startNatsCluster(size = 3) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-nats-cluster-'));
  const secret = require('node:crypto').randomBytes(18).toString('base64url');
  const ports = [];
  for (let i = 0; i < size; i++) ports.push({ client: await freePort(), route: await freePort(), http: await freePort() });
  const nodes = ports.map((p, i) => {
    const name = `nats-${i}`;
    const conf = path.join(dir, `${name}.conf`);
    const routes = ports.filter((_, j) => j !== i).map((o) => `nats-route://route:${secret}@127.0.0.1:${o.route}`);
    fs.writeFileSync(conf, serverConfig({
      port: p.client, storeDir: path.join(dir, name), harness: true, serverName: name, httpPort: p.http,
      cluster: { name: 'mc-chaos', port: p.route, routes, secret },
    }), { mode: 0o600 });
    const node = {
      name, port: p.client, monitorUrl: `http://127.0.0.1:${p.http}`, child: undefined,
      start() {
        node.child = spawn(BINARY, ['-c', conf, '-l', path.join(dir, `${name}.log`)], { stdio: 'ignore' });
        return waitFor(() => answers(p.client), `${name} on ${p.client}`);
      },
      kill: () => end(node.child, 'SIGKILL'),
      stop: () => end(node.child, 'SIGTERM'),
    };
    return node;
  });
  const stop = async () => { await Promise.all(nodes.map((n) => n.stop())); fs.rmSync(dir, { recursive: true, force: true }); };
  try {
    await Promise.all(nodes.map((n) => n.start()));
    // JetStream answers once the nodes have elected its meta leader.
    await waitFor(async () => {
      const res = await fetch(`${nodes[0].monitorUrl}/jsz`).catch(() => undefined);
      return res?.ok && Boolean((await res.json()).meta_cluster?.leader);
    }, 'a JetStream leader in the cluster', 30_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: nodes.map((n) => `nats://127.0.0.1:${n.port}`).join(','), nodes, logDir: dir, stop };
}

/** Sends `signal` to a node's server and resolves once it has exited (at once when it is not running). */
function end(child, signal) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => { child.once('exit', resolve); child.kill(signal); });
}

async function waitFor(check, what, timeoutMs = 10_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${what} within ${timeoutMs} ms`);
}

module.exports = { freePort, startPrivateNats, startNatsCluster };

// `node deploy/load/private-nats.js`: runs one until stopped, printing its URL.
if (require.main === module) {
  startPrivateNats().then(({ url, stop }) => {
    console.log(url);
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop().then(() => process.exit(0)));
  }).catch((err) => { console.error(err); process.exit(1); });
}

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

module.exports = { freePort, startPrivateNats };

// `node deploy/load/private-nats.js`: runs one until stopped, printing its URL.
if (require.main === module) {
  startPrivateNats().then(({ url, stop }) => {
    console.log(url);
    for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => stop().then(() => process.exit(0)));
  }).catch((err) => { console.error(err); process.exit(1); });
}

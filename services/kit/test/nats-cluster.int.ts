import { connect, JSONCodec, type NatsConnection } from 'nats';
import { ensureStream, loadEnv, NatsEnv, natsConnectionOptions } from '../src';
import { TEST_ENV } from '../src/testing';
import { startNatsCluster } from '../../../deploy/load/private-nats';

/**
 * Issue 32: the bus is a 3-node cluster (NATS_URL names every node). When the node a process is connected to dies,
 * the process moves to another and its requests are answered again within a second or two, and the events a stream
 * held (3 copies) are all still there.
 */
const codec = JSONCodec();

describe('a process on a NATS cluster losing its node', () => {
  let cluster: Awaited<ReturnType<typeof startNatsCluster>>;
  const connections: NatsConnection[] = [];
  const join = async (name: string) => {
    const nc = await connect({ ...natsConnectionOptions('harness', loadEnv(NatsEnv, { ...TEST_ENV, NATS_URL: cluster.url }), name), reconnectTimeWait: 250 });
    connections.push(nc);
    return nc;
  };

  beforeAll(async () => { cluster = await startNatsCluster(3); }, 30_000);
  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close().catch(() => undefined)));
    await cluster.stop();
  });

  it('is answered again from another node within 2 s, and keeps every event of a replicated stream', async () => {
    const env = loadEnv(NatsEnv, { ...TEST_ENV, NATS_URL: cluster.url });
    expect(natsConnectionOptions('harness', env).servers).toHaveLength(3);

    const responder = await join('cluster-test-responder');
    responder.subscribe('kittest.echo', { queue: 'kittest', callback: (_err, msg) => msg.respond(msg.data) });
    await responder.flush();
    const requester = await join('cluster-test-requester');
    const ask = (n: number) => requester.request('kittest.echo', codec.encode({ n }), { timeout: 500 }).then((m) => (codec.decode(m.data) as { n: number }).n);
    expect(await ask(1)).toBe(1);

    // JetStream's API answers once the stream has a leader again (an election of a few seconds when the dead node led it).
    const jsm = await responder.jetstreamManager({ timeout: 2000 });
    const stream = await ensureStream(jsm, 'cart', true, 3);
    expect((await jsm.streams.info(stream)).config.num_replicas).toBe(3);
    const js = responder.jetstream();
    for (let n = 0; n < 20; n++) await js.publish(`evt.cart.test.kept`, codec.encode({ n }), { msgID: `kept-${n}` });

    // The node the responder is on dies.
    const port = Number(responder.getServer().split(':').pop());
    const node = cluster.nodes.find((n) => n.port === port)!;
    const killedAt = Date.now();
    await node.kill();
    let answeredAt = 0;
    for (let n = 2; !answeredAt && Date.now() - killedAt < 10_000; n++) {
      answeredAt = await ask(n).then(() => Date.now(), () => 0);
    }
    expect(answeredAt).toBeGreaterThan(0);
    expect(answeredAt - killedAt).toBeLessThan(2000);
    expect(Number(responder.getServer().split(':').pop())).not.toBe(port);

    // The stream's events, read from the two nodes left.
    let kept = 0;
    for (const until = Date.now() + 30_000; Date.now() < until;) {
      kept = await jsm.streams.info(stream).then((i) => i.state.messages, () => -1);
      if (kept === 20) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(kept).toBe(20);
    await node.start();
  }, 60_000);
});

import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, ServerNats, type MicroserviceOptions } from '@nestjs/microservices';
import { JSONCodec, type NatsConnection } from 'nats';
import { createLogger, DrainingNatsServer, loadEnv, NatsEnv, natsConnectionOptions } from '../src';
import { connectNats, TEST_ENV } from '../src/testing';

/**
 * Issue 32: a service told to stop answers every request it took. A handler that takes 1 s (far from any pause a
 * loaded machine makes), five requests under way, and the app closed in the middle: the kit's server answers all
 * five; Nest's own loses them (the control).
 */
const SUBJECT = 'kittest.slow';
const codec = JSONCodec();
const logger = createLogger('draining-test', 'silent');

@Controller()
class SlowHandlers {
  @MessagePattern(SUBJECT)
  async slow(data: { n: number }): Promise<{ n: number }> {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { n: data.n };
  }
}

@Module({ controllers: [SlowHandlers] })
class SlowModule {}

async function closeWithRequestsUnderWay(strategy: ServerNats, nc: NatsConnection): Promise<{ answers: PromiseSettledResult<{ n: number }>[]; closeMs: number }> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(SlowModule, { strategy, logger: false });
  await app.listen();
  await app.unwrap<NatsConnection>().flush();
  const asked = Array.from({ length: 5 }, (_, n) =>
    nc.request(SUBJECT, codec.encode({ pattern: SUBJECT, data: { n }, id: String(n) }), { timeout: 5000 })
      .then((reply) => (codec.decode(reply.data) as { response: { n: number } }).response));
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = Date.now();
  await app.close();
  const closeMs = Date.now() - closing;
  return { answers: await Promise.allSettled(asked), closeMs };
}

describe('the kit\'s NATS server on close', () => {
  let nc: NatsConnection;
  const options = () => ({ ...natsConnectionOptions('harness', loadEnv(NatsEnv, TEST_ENV), 'draining-test-server'), queue: 'kittest' });
  beforeAll(async () => { nc = await connectNats(); });
  afterAll(async () => { await nc.close(); });

  it('drains its subscriptions and answers every request under way before the connection closes', async () => {
    const { answers, closeMs } = await closeWithRequestsUnderWay(new DrainingNatsServer(options(), 5000, logger), nc);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value.n : 'lost'))).toEqual([0, 1, 2, 3, 4]);
    // It waited for the ~900 ms the handlers had left.
    expect(closeMs).toBeGreaterThanOrEqual(700);
    expect(closeMs).toBeLessThan(3000);
  });

  it('stops anyway once its deadline passes', async () => {
    const { answers, closeMs } = await closeWithRequestsUnderWay(new DrainingNatsServer(options(), 50, logger), nc);
    expect(answers.filter((a) => a.status === 'rejected').length).toBe(5);
    expect(closeMs).toBeLessThan(600);
  });

  it("(control) Nest's own server loses them", async () => {
    const { answers } = await closeWithRequestsUnderWay(new ServerNats(options()), nc);
    expect(answers.filter((a) => a.status === 'rejected').length).toBe(5);
  });
});

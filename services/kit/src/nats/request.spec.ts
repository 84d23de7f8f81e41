import { ErrorCode, NatsError, type Msg, type NatsConnection } from 'nats';
import { requestDelivered } from './request';

const noResponders = () => new NatsError('503', ErrorCode.NoResponders);
const timeout = () => new NatsError('TIMEOUT', ErrorCode.Timeout);

/** A connection whose requests fail with `failures` in turn, then are answered. */
function connection(failures: (() => Error)[]) {
  const asked: number[] = [];
  const nc = {
    request: async () => {
      asked.push(Date.now());
      const fail = failures.shift();
      if (fail) throw fail();
      return { data: new Uint8Array([1]) } as unknown as Msg;
    },
  } as Pick<NatsConnection, 'request'>;
  return { nc, asked };
}

describe('a request no subscriber had', () => {
  it('is asked again after 100 ms, then 250 ms, and answered', async () => {
    const { nc, asked } = connection([noResponders, noResponders]);
    await expect(requestDelivered(nc, 's', new Uint8Array(), { timeout: 1000 })).resolves.toBeDefined();
    expect(asked).toHaveLength(3);
    expect(asked[1] - asked[0]).toBeGreaterThanOrEqual(95);
    expect(asked[2] - asked[1]).toBeGreaterThanOrEqual(245);
  });

  it('fails after the third try with no responder, and at once on a timeout (the request may have been received)', async () => {
    const dead = connection([noResponders, noResponders, noResponders, noResponders]);
    await expect(requestDelivered(dead.nc, 's', new Uint8Array(), { timeout: 1000 })).rejects.toMatchObject({ code: ErrorCode.NoResponders });
    expect(dead.asked).toHaveLength(3);
    const slow = connection([timeout]);
    await expect(requestDelivered(slow.nc, 's', new Uint8Array(), { timeout: 1000 })).rejects.toMatchObject({ code: ErrorCode.Timeout });
    expect(slow.asked).toHaveLength(1);
  });

  it('asks a read again once after a timeout (its NATS node may have died with it), never a write', async () => {
    const read = connection([timeout]);
    await expect(requestDelivered(read.nc, 's', new Uint8Array(), { timeout: 1000 }, { idempotent: true })).resolves.toBeDefined();
    expect(read.asked).toHaveLength(2);
    const slowRead = connection([timeout, timeout]);
    await expect(requestDelivered(slowRead.nc, 's', new Uint8Array(), { timeout: 1000 }, { idempotent: true })).rejects.toMatchObject({ code: ErrorCode.Timeout });
    expect(slowRead.asked).toHaveLength(2);
  });
});

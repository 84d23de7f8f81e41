import type { ClientNats } from '@nestjs/microservices';
import { Messages } from '@mc/contracts';
import { NEVER, Observable, of, throwError } from 'rxjs';
import { ServiceClient } from './service-client';

/** A NATS client whose answer the test chooses per call. */
function proxyAnswering(answer: () => Observable<unknown>) {
  const calls: string[] = [];
  const proxy = { send: (subject: string) => { calls.push(subject); return answer(); } } as unknown as ClientNats;
  return { proxy, calls };
}

const options = { timeoutMs: 50, resetMs: 60_000 };

describe('ServiceClient', () => {
  it('returns the answer', async () => {
    const { proxy } = proxyAnswering(() => of({ ok: true }));
    await expect(new ServiceClient('catalog', proxy, options).send('catalog.product.get', {})).resolves.toEqual({ ok: true });
  });

  it("passes a service's 4xx on and keeps the circuit closed", async () => {
    const notFound = { status: 404, code: 'NOT_FOUND', message: Messages.productNotFound };
    const { proxy, calls } = proxyAnswering(() => throwError(() => notFound));
    const client = new ServiceClient('catalog', proxy, options);
    for (let i = 0; i < 5; i++) await expect(client.send('s', {})).rejects.toEqual(notFound);
    expect(client.breaker.opened).toBe(false);
    expect(calls).toHaveLength(5);
  });

  it('turns a timeout into a Hebrew 503, then fails fast once the circuit opens', async () => {
    const { proxy, calls } = proxyAnswering(() => NEVER);
    const client = new ServiceClient('catalog', proxy, options);
    const unavailable = { status: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable };
    await expect(client.send('s', {})).rejects.toEqual(unavailable);
    await expect(client.send('s', {})).rejects.toEqual(unavailable);
    expect(client.breaker.opened).toBe(true);
    const started = Date.now();
    await expect(client.send('s', {})).rejects.toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(options.timeoutMs);
    expect(calls).toHaveLength(2);
    client.breaker.shutdown();
  });

  it('treats a 5xx answer as a failure and hides its details', async () => {
    const { proxy } = proxyAnswering(() => throwError(() => ({ status: 500, code: 'INTERNAL', message: 'x' })));
    await expect(new ServiceClient('catalog', proxy, options).send('s', {})).rejects.toMatchObject({ status: 503 });
  });
});

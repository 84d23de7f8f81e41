import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer';
import { ANONYMOUS_CALLER, Headers, Messages, Subjects } from '@mc/contracts';
import { setCallerToken, setRequestSafe, withCorrelationId } from '@mc/kit';
import { JSONCodec, type MsgHdrs, type NatsConnection } from 'nats';
import { NEVER, Observable, of, throwError } from 'rxjs';
import { answerAsJson, ReadCache, ServiceClient } from './service-client';

const codec = JSONCodec<{ id: string }>();
const serializer = new NatsRecordSerializer();

/** A service's answer packet as a Nest service sends it: its server's `{ response }` or `{ err }`, marked disposed, given the id, through its serializer. */
const answerPacket = (id: string, outcome: { response: unknown } | { err: unknown }) =>
  serializer.serialize({ ...outcome, isDisposed: true, id } as never).data as Uint8Array;

/** A NATS connection whose services' answer the test chooses per call (an observable that never answers: a timeout). */
function proxyAnswering(answer: () => Observable<unknown>) {
  const calls: string[] = [];
  const headers: MsgHdrs[] = [];
  const request = (subject: string, payload: Uint8Array, options: { timeout: number; headers: MsgHdrs }) => {
    calls.push(subject);
    headers.push(options.headers);
    const { id } = codec.decode(payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('TIMEOUT')), options.timeout);
      const settle = (outcome: { response: unknown } | { err: unknown }) => {
        clearTimeout(timer);
        resolve({ data: answerPacket(id, outcome) });
      };
      answer().subscribe({ next: (response) => settle({ response }), error: (err: unknown) => settle({ err }) });
    });
  };
  return { proxy: { request } as unknown as NatsConnection, calls, headers };
}

const options = { timeoutMs: 50, resetMs: 60_000, readCacheMs: 0 };

describe('ServiceClient', () => {
  it("asks a GET's call again once when it times out (lost with a NATS node), never a POST's", async () => {
    const losingFirst = () => {
      const calls: number[] = [];
      const request = (_subject: string, payload: Uint8Array) => {
        calls.push(calls.length);
        if (calls.length === 1) return Promise.reject(Object.assign(new Error('TIMEOUT'), { code: 'TIMEOUT' }));
        return Promise.resolve({ data: answerPacket(codec.decode(payload).id, { response: { ok: true } }) });
      };
      return { proxy: { request } as unknown as NatsConnection, calls };
    };
    const asGet = losingFirst();
    const get = withCorrelationId('c1', () => { setRequestSafe(true); return new ServiceClient('identity', asGet.proxy, options).send(Subjects.identity.userGet, {}); });
    await expect(get).resolves.toEqual({ ok: true });
    expect(asGet.calls).toHaveLength(2);
    const asPost = losingFirst();
    const post = withCorrelationId('c2', () => { setRequestSafe(false); return new ServiceClient('order', asPost.proxy, options).send(Subjects.order.orderCreate, {} as never); });
    await expect(post).rejects.toMatchObject({ status: 503 });
    expect(asPost.calls).toHaveLength(1);
  });

  it('returns the answer', async () => {
    const { proxy } = proxyAnswering(() => of({ ok: true }));
    await expect(new ServiceClient('catalog', proxy, options).send(Subjects.catalog.productGet, { slug: 'a' })).resolves.toEqual({ ok: true });
  });

  it("relays an answer as the service's JSON, asks each time, and passes a 4xx on as send does", async () => {
    const orders = { orders: [{ id: 1, pharm: { name: 'בית מרקחת "הגפן"' } }], total: 1 };
    const notFound = { status: 404, code: 'NOT_FOUND', message: Messages.orderNotFound };
    let fail = false;
    const { proxy, calls } = proxyAnswering(() => (fail ? throwError(() => notFound) : of(orders)));
    const client = new ServiceClient('order', proxy, { ...options, readCacheMs: 60_000 });
    for (let i = 0; i < 2; i++) expect(JSON.parse((await client.relay(Subjects.order.userOrders, {})).bytes.toString('utf8'))).toEqual(orders);
    expect(calls).toHaveLength(2);
    fail = true;
    await expect(client.relay(Subjects.order.userOrders, {})).rejects.toEqual(notFound);
    expect(client.breaker.opened).toBe(false);
  });

  it("passes a service's 4xx on and keeps the circuit closed", async () => {
    const notFound = { status: 404, code: 'NOT_FOUND', message: Messages.productNotFound };
    const { proxy, calls } = proxyAnswering(() => throwError(() => notFound));
    const client = new ServiceClient('catalog', proxy, options);
    for (let i = 0; i < 5; i++) await expect(client.send(Subjects.catalog.layoutGet, {})).rejects.toEqual(notFound);
    expect(client.breaker.opened).toBe(false);
    expect(calls).toHaveLength(5);
  });

  it("never opens the circuit for one caller's bad input: 400s in a row, then others' calls still go through", async () => {
    const invalid = { status: 400, code: 'VALIDATION_FAILED', message: Messages.badRequest };
    let bad = true;
    const { proxy, calls } = proxyAnswering(() => (bad ? throwError(() => invalid) : of({ ok: true })));
    const client = new ServiceClient('catalog', proxy, options);
    for (let i = 0; i < 20; i++) await expect(client.send(Subjects.catalog.search, { term: '\u0000', limit: 5 })).rejects.toEqual(invalid);
    bad = false;
    await expect(client.send(Subjects.catalog.layoutGet, {})).resolves.toEqual({ ok: true });
    expect(client.breaker.opened).toBe(false);
    expect(client.breaker.stats.failures).toBe(0);
    expect(calls).toHaveLength(21);
  });

  it('turns a timeout into a Hebrew 503, then fails fast once the circuit opens', async () => {
    const { proxy, calls } = proxyAnswering(() => NEVER);
    const client = new ServiceClient('catalog', proxy, options);
    const unavailable = { status: 503, code: 'SERVICE_UNAVAILABLE', message: Messages.serviceUnavailable };
    await expect(client.send(Subjects.catalog.layoutGet, {})).rejects.toEqual(unavailable);
    await expect(client.send(Subjects.catalog.layoutGet, {})).rejects.toEqual(unavailable);
    expect(client.breaker.opened).toBe(true);
    const started = Date.now();
    await expect(client.send(Subjects.catalog.layoutGet, {})).rejects.toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(options.timeoutMs);
    expect(calls).toHaveLength(2);
    client.breaker.shutdown();
  });

  it('treats a 5xx answer as a failure and hides its details', async () => {
    const { proxy } = proxyAnswering(() => throwError(() => ({ status: 500, code: 'INTERNAL', message: 'x' })));
    await expect(new ServiceClient('catalog', proxy, options).send(Subjects.catalog.layoutGet, {})).rejects.toMatchObject({ status: 503 });
  });

  it('shares one call among identical reads and reuses the answer only for readCacheMs', async () => {
    // The cache's clock is performance.now(), and it keeps a reading for a 1 ms timer: both are the test's.
    jest.useFakeTimers({ doNotFake: ['performance'] });
    let now = performance.now();
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    const later = (ms: number) => {
      now += ms;
      jest.advanceTimersByTime(ms);
    };
    try {
      let n = 0;
      const { proxy, calls } = proxyAnswering(() => of({ n: ++n }));
      const client = new ServiceClient('catalog', proxy, { ...options, readCacheMs: 40 });
      const [a, b] = await Promise.all([client.read(Subjects.catalog.tagGet, { slug: 'a', page: 1 }), client.read(Subjects.catalog.tagGet, { slug: 'a', page: 1 })]);
      expect([a, b]).toEqual([{ n: 1 }, { n: 1 }]);
      await expect(client.read(Subjects.catalog.tagGet, { slug: 'a', page: 2 })).resolves.toEqual({ n: 2 });
      later(39);
      await expect(client.read(Subjects.catalog.tagGet, { slug: 'a', page: 1 })).resolves.toEqual({ n: 1 });
      later(2);
      await expect(client.read(Subjects.catalog.tagGet, { slug: 'a', page: 1 })).resolves.toEqual({ n: 3 });
      expect(calls).toHaveLength(3);
      client.breaker.shutdown();
    } finally {
      clock.mockRestore();
      jest.useRealTimers();
    }
  });

  it('bounds the kept answers by bytes: an answer larger than the bound is asked for again', async () => {
    const cache = new ReadCache(10_000);
    let calls = 0;
    const big = () => cache.json('big', async () => { calls++; return 'x'.repeat(17 * 1024 * 1024); });
    const small = () => cache.json('small', async () => { calls++; return 'x'; });
    await big();
    await big();
    await small();
    await small();
    expect(calls).toBe(3);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const { proxy } = proxyAnswering(() => (fail ? throwError(() => ({ status: 404, code: 'NOT_FOUND', message: 'x' })) : of({ ok: true })));
    const client = new ServiceClient('catalog', proxy, { ...options, readCacheMs: 10_000 });
    await expect(client.read(Subjects.catalog.layoutGet, {})).rejects.toMatchObject({ status: 404 });
    fail = false;
    await expect(client.read(Subjects.catalog.layoutGet, {})).resolves.toEqual({ ok: true });
  });
});

describe('the caller header on every request', () => {
  it("carries the request's verified token, or 'anonymous' when nobody signed in", async () => {
    const { proxy, headers } = proxyAnswering(() => of({ ok: true }));
    const client = new ServiceClient('identity', proxy, options);
    await withCorrelationId('r1', () => client.send(Subjects.catalog.layoutGet, {}));
    await withCorrelationId('r2', async () => {
      setCallerToken('a.verified.token');
      await client.send(Subjects.catalog.layoutGet, {});
    });
    await withCorrelationId('r3', () => client.send(Subjects.catalog.layoutGet, {}));
    expect(headers.map((h) => h.get(Headers.caller))).toEqual([ANONYMOUS_CALLER, 'a.verified.token', ANONYMOUS_CALLER]);
  });
});

describe('an answer as JSON', () => {
  const answer = { products: [{ name: 'גרין קוש', price: 199.9 }], total: 1 };

  it("is read from the packet as the service framed it (Nest's deserializer), its JSON", () => {
    expect(answerAsJson(answerPacket('7', { response: answer })).bytes.toString()).toBe(JSON.stringify(answer));
  });

  it("is read whatever the framing's id and field order, and a service error is thrown", () => {
    expect(answerAsJson(answerPacket('8', { response: answer })).bytes.toString()).toBe(JSON.stringify(answer));
    expect(answerAsJson(codec.encode({ response: answer, id: '7' } as never)).bytes.toString()).toBe(JSON.stringify(answer));
    const notFound = { status: 404, code: 'NOT_FOUND', message: Messages.productNotFound };
    expect(() => answerAsJson(answerPacket('7', { err: notFound }))).toThrow(expect.objectContaining(notFound));
  });

  it("is cut out of Nest's frame byte for byte, not parsed and written again; a frame of another shape is parsed", () => {
    const framed = (text: string) => new Uint8Array(Buffer.from(text));
    expect(answerAsJson(framed('{"response":{"price":199.90,"name":"גרין"},"isDisposed":true,"id":"12"}')).bytes.toString()).toBe('{"price":199.90,"name":"גרין"}');
    expect(answerAsJson(framed('{"response":[1,2],"isDisposed":true,"id":"x"}')).bytes.toString()).toBe('[1,2]');
    // Not Nest's answer frame: read as Nest reads it (an answer without isDisposed, and none at all).
    expect(answerAsJson(framed('{"response":{"price":199.90},"id":"7"}')).bytes.toString()).toBe('{"price":199.9}');
    expect(answerAsJson(framed('{"isDisposed":true,"id":"7"}')).bytes.toString()).toBe('null');
  });

  it('comes through readAsJson from the service', async () => {
    const { proxy } = proxyAnswering(() => of(answer));
    const body = await new ServiceClient('catalog', proxy, options).readAsJson(Subjects.catalog.layoutGet, {});
    expect(JSON.parse(body.bytes.toString())).toEqual(answer);
  });
});

describe('the client typed by the bus', () => {
  it('answers the subject’s type, and a payload that does not fit its subject does not compile', async () => {
    const { proxy, calls } = proxyAnswering(() => of({ jwt: 'a.b.c' }));
    const client = new ServiceClient('identity', proxy, options);
    const { jwt } = await client.send(Subjects.identity.signIn, { email: 'a@b.co', password: 'secret' });
    expect(jwt).toBe('a.b.c');
    // @ts-expect-error: sign-in takes an e-mail and a password, not a phone
    await client.send(Subjects.identity.signIn, { phone: '050-1234567' });
    // @ts-expect-error: a pharm product's id is a number
    await client.read(Subjects.pharm.pharmProductGet, { slug: 'a', id: '7' });
    // @ts-expect-error: not a subject of the bus
    await client.readAsJson('identity.auth.sign-inn', {});
    expect(calls).toHaveLength(4);
  });
});

import { Messages } from '@mc/contracts';
import { api, fromMailbox } from './http';

/** A request as the web sends it: a JSON body with its content type, or neither. */
const send = (method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit => (body === undefined
  ? { method, headers }
  : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

/** The newest activation token e-mailed to `email`, read from the local mailbox page. */
async function activationToken(email: string): Promise<string> {
  const pick = (a: string) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined);
  return decodeURIComponent(await fromMailbox(`an activation e-mail to ${email}`, pick));
}

/** A new, active account's token. */
async function signedInUser(name: string): Promise<string> {
  const email = `e2e-cart-${name}-${Date.now()}@example.co.il`;
  const form = (body: unknown) => send('POST', body);
  expect((await api('/api/auth/signup', form({ firstName: 'נועה', lastName: 'לוי', email, password: 'a good secret', agreeTOU: true }))).status).toBe(200);
  expect((await api('/api/auth/activate', form({ activationToken: await activationToken(email) }))).status).toBe(200);
  return (await api('/api/auth/signin', form({ email, password: 'a good secret' }))).body.jwt;
}

describe('the server cart through the gateway', () => {
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    alice = await signedInUser('alice');
    bob = await signedInUser('bob');
  });

  it('is for signed-in users only (401 for no token and a bad one, on every route)', async () => {
    const routes: [string, RequestInit][] = [
      ['/api/cart', send('GET')],
      ['/api/cart', send('PUT', { cartItems: [] })],
      ['/api/cart/items', send('POST', { pharmProductId: 1, amount: 1 })],
      ['/api/cart/items/1', send('PATCH', { amount: 1 })],
      ['/api/cart/items/1', send('DELETE')],
    ];
    for (const [path, init] of routes) {
      expect(await api(path, init)).toMatchObject({ status: 401, body: { message: Messages.signInRequired } });
      expect((await api(path, { ...init, headers: { ...init.headers, ...bearer('a.b.c') } })).status).toBe(401);
    }
  });

  it('keeps the cart: add, update, remove, replace, each answering { items, updatedAt } and never stored by the browser', async () => {
    const empty = await api('/api/cart', send('GET', undefined, bearer(alice)));
    expect(empty).toMatchObject({ status: 200, body: { items: [], updatedAt: null } });
    expect(empty.headers.get('cache-control')).toBe('no-store');

    const added = await api('/api/cart/items', send('POST', { pharmProductId: 21, amount: 2 }, bearer(alice)));
    expect(added).toMatchObject({ status: 200, body: { items: [{ pharmProductId: 21, amount: 2 }], updatedAt: expect.any(String) } });
    await api('/api/cart/items', send('POST', { pharmProductId: 22, amount: 1 }, bearer(alice)));
    await api('/api/cart/items', send('POST', { pharmProductId: 21, amount: 1 }, bearer(alice)));
    const updated = await api('/api/cart/items/22', send('PATCH', { amount: 5 }, bearer(alice)));
    expect(updated.body.items).toEqual([{ pharmProductId: 21, amount: 3 }, { pharmProductId: 22, amount: 5 }]);
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(added.body.updatedAt));
    const removed = await api('/api/cart/items/21', send('DELETE', undefined, bearer(alice)));
    expect(removed).toMatchObject({ status: 200, body: { items: [{ pharmProductId: 22, amount: 5 }] } });
    expect((await api('/api/cart', send('GET', undefined, bearer(alice)))).body).toEqual(removed.body);

    const replaced = await api('/api/cart', send('PUT', { cartItems: [{ pharmProductId: 30, amount: 1 }, { pharmProductId: 31, amount: 10 }] }, bearer(alice)));
    expect(replaced).toMatchObject({ status: 200, body: { items: [{ pharmProductId: 30, amount: 1 }, { pharmProductId: 31, amount: 10 }] } });
    expect(replaced.headers.get('cache-control')).toBe('no-store');
  });

  it("gives each user their own cart", async () => {
    await api('/api/cart', send('PUT', { cartItems: [{ pharmProductId: 40, amount: 1 }] }, bearer(bob)));
    expect((await api('/api/cart', send('GET', undefined, bearer(bob)))).body.items).toEqual([{ pharmProductId: 40, amount: 1 }]);
    expect((await api('/api/cart', send('GET', undefined, bearer(alice)))).body.items).toEqual([{ pharmProductId: 30, amount: 1 }, { pharmProductId: 31, amount: 10 }]);
  });

  it("refuses more than 10 of one product with 400 and the spec's message", async () => {
    expect(await api('/api/cart/items', send('POST', { pharmProductId: 31, amount: 1 }, bearer(alice)))).toMatchObject({ status: 400, body: { message: Messages.cartLimit } });
    expect(await api('/api/cart/items/30', send('PATCH', { amount: 11 }, bearer(alice)))).toMatchObject({ status: 400, body: { message: Messages.cartLimit } });
    expect(await api('/api/cart', send('PUT', { cartItems: [{ pharmProductId: 30, amount: 11 }] }, bearer(alice)))).toMatchObject({ status: 400, body: { message: Messages.cartLimit } });
  });

  it.each([
    ['PUT without a list', '/api/cart', send('PUT', {})],
    ['PUT with one product twice', '/api/cart', send('PUT', { cartItems: [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 1, amount: 1 }] })],
    ['PUT with 51 lines', '/api/cart', send('PUT', { cartItems: Array.from({ length: 51 }, (_, i) => ({ pharmProductId: i + 1, amount: 1 })) })],
    ['POST with a text id', '/api/cart/items', send('POST', { pharmProductId: 'x', amount: 1 })],
    ['POST with an id over int4', '/api/cart/items', send('POST', { pharmProductId: 2_147_483_648, amount: 1 })],
    ['POST with no amount', '/api/cart/items', send('POST', { pharmProductId: 1 })],
    ['PATCH of a path that is not an id', '/api/cart/items/abc', send('PATCH', { amount: 1 })],
    ['PATCH of a negative id', '/api/cart/items/-1', send('PATCH', { amount: 1 })],
    ['PATCH of a huge id', '/api/cart/items/99999999999999999999', send('PATCH', { amount: 1 })],
    ['PATCH with a fractional amount', '/api/cart/items/30', send('PATCH', { amount: 1.5 })],
    ['DELETE of a path that is not an id', '/api/cart/items/1e3', send('DELETE')],
    ['a body that is not JSON', '/api/cart/items', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } }],
  ])('refuses %s with 400 and changes nothing', async (_case, path, init) => {
    const before = (await api('/api/cart', send('GET', undefined, bearer(alice)))).body;
    const answer = await api(path, { ...init, headers: { ...init.headers, ...bearer(alice) } });
    expect(answer.status).toBe(400);
    expect((await api('/api/cart', send('GET', undefined, bearer(alice)))).body).toEqual(before);
  });

  it('answers 404 for updating a line the cart does not hold', async () => {
    expect((await api('/api/cart/items/777', send('PATCH', { amount: 1 }, bearer(alice)))).status).toBe(404);
  });
});

import { ErrorCodes, Messages, Subjects, type ServerCart } from '@mc/contracts';
import { rpc, rpcUntyped, TestIdentity, useService, waitFor } from '@mc/kit/testing';
import { inArray } from 'drizzle-orm';
import { DATABASE, type Database } from '@mc/kit';
import { carts } from '../src/db/schema';
import { cartService } from '../src/service';

describe('cart service: one server cart per signed-in user', () => {
  const service = useService(cartService);
  const identity = new TestIdentity();
  // Users of this run only (the test database outlives runs).
  const base = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const users = { a: base, b: base + 1, c: base + 2, d: base + 3, e: base + 4 };
  const as = (userId: number) => ({ caller: identity.token({ sub: String(userId) }) });
  const nc = () => service.nc();

  beforeAll(async () => {
    await identity.serveKeys(nc());
    await service.app().get<Database>(DATABASE).delete(carts).where(inArray(carts.userId, Object.values(users)));
  });
  afterAll(() => identity.stop());

  it('refuses an anonymous caller and a forged token with 401 on every subject, and keeps nothing', async () => {
    const forged = new TestIdentity().token({ sub: String(users.a) });
    const calls: [string, unknown][] = [
      [Subjects.cart.cartGet, {}],
      [Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 1, amount: 1 }] }],
      [Subjects.cart.itemAdd, { pharmProductId: 1, amount: 1 }],
      [Subjects.cart.itemUpdate, { pharmProductId: 1, amount: 1 }],
      [Subjects.cart.itemRemove, { pharmProductId: 1 }],
    ];
    for (const [subject, payload] of calls) {
      await expect(rpcUntyped(nc(), subject, payload)).rejects.toMatchObject({ status: 401, code: ErrorCodes.unauthorized });
      await expect(rpcUntyped(nc(), subject, payload, { caller: forged })).rejects.toMatchObject({ status: 401 });
    }
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, as(users.a))).toEqual({ items: [], updatedAt: null });
  });

  it("refuses, within seconds, a token older than its account's version in identity's token_versions bucket", async () => {
    const old = identity.token({ sub: String(users.e) });
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, { caller: old })).toEqual({ items: [], updatedAt: null });
    await identity.setVersion(nc(), users.e, 1);
    const started = Date.now();
    await waitFor('cart to refuse the old token', () => rpc(nc(), Subjects.cart.cartGet, {}, { caller: old }).then(() => 'ok', (err: { status?: number }) => err.status), {
      until: (status) => status === 401, timeoutMs: 5000,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    // Tokens signed after the bump carry the new version.
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, as(users.e))).toEqual({ items: [], updatedAt: null });
  });

  it('adds, updates and removes lines, and every change moves updatedAt forward', async () => {
    const first = await rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 11, amount: 2 }, as(users.a));
    expect(first.items).toEqual([{ pharmProductId: 11, amount: 2 }]);
    expect(Math.abs(Date.parse(first.updatedAt!) - Date.now())).toBeLessThan(10_000);
    const second = await rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 12, amount: 1 }, as(users.a));
    const third = await rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 11, amount: 3 }, as(users.a));
    expect(third.items).toEqual([{ pharmProductId: 11, amount: 5 }, { pharmProductId: 12, amount: 1 }]);
    const updated = await rpc(nc(), Subjects.cart.itemUpdate, { pharmProductId: 12, amount: 4 }, as(users.a));
    expect(updated.items).toEqual([{ pharmProductId: 11, amount: 5 }, { pharmProductId: 12, amount: 4 }]);
    const removed = await rpc(nc(), Subjects.cart.itemRemove, { pharmProductId: 11 }, as(users.a));
    expect(removed.items).toEqual([{ pharmProductId: 12, amount: 4 }]);
    const times = [first, second, third, updated, removed].map((cart) => Date.parse(cart.updatedAt!));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, as(users.a))).toEqual(removed);
  });

  it('keeps each user to their own cart: B neither sees nor changes A’s', async () => {
    const before = await rpc(nc(), Subjects.cart.cartGet, {}, as(users.a));
    expect(before.items).not.toEqual([]);
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, as(users.b))).toEqual({ items: [], updatedAt: null });
    // The payload cannot name another user: the user is the verified caller only.
    await rpcUntyped(nc(), Subjects.cart.itemAdd, { pharmProductId: 12, amount: 1, userId: users.a }, as(users.b));
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 99, amount: 1 }] }, as(users.b));
    await rpc(nc(), Subjects.cart.itemRemove, { pharmProductId: 12 }, as(users.b));
    await expect(rpc(nc(), Subjects.cart.itemUpdate, { pharmProductId: 12, amount: 1 }, as(users.b))).rejects.toMatchObject({ status: 404 });
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, as(users.a))).toEqual(before);
    expect((await rpc(nc(), Subjects.cart.cartGet, {}, as(users.b))).items).toEqual([{ pharmProductId: 99, amount: 1 }]);
  });

  it("refuses more than 10 of one product with the spec's message, changing nothing", async () => {
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 5, amount: 8 }] }, as(users.c));
    const before = await rpc(nc(), Subjects.cart.cartGet, {}, as(users.c));
    await expect(rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 5, amount: 3 }, as(users.c))).rejects.toMatchObject({ status: 400, message: Messages.cartLimit });
    await expect(rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 6, amount: 11 }, as(users.c))).rejects.toMatchObject({ status: 400, message: Messages.cartLimit });
    await expect(rpc(nc(), Subjects.cart.itemUpdate, { pharmProductId: 5, amount: 11 }, as(users.c))).rejects.toMatchObject({ status: 400, message: Messages.cartLimit });
    await expect(rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 5, amount: 11 }] }, as(users.c))).rejects.toMatchObject({ status: 400, message: Messages.cartLimit });
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, as(users.c))).toEqual(before);
    expect((await rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 5, amount: 2 }, as(users.c))).items).toEqual([{ pharmProductId: 5, amount: 10 }]);
  });

  it('refuses malformed input with 400: ids not positive int4, amounts not 1–10 integers, one product twice, over 50 lines', async () => {
    const user = as(users.c);
    const before = await rpc(nc(), Subjects.cart.cartGet, {}, user);
    const bad: [string, unknown][] = [
      [Subjects.cart.itemAdd, { pharmProductId: 0, amount: 1 }],
      [Subjects.cart.itemAdd, { pharmProductId: 2_147_483_648, amount: 1 }],
      [Subjects.cart.itemAdd, { pharmProductId: '7', amount: 1 }],
      [Subjects.cart.itemAdd, { pharmProductId: 7, amount: 0 }],
      [Subjects.cart.itemAdd, { pharmProductId: 7, amount: 1.5 }],
      [Subjects.cart.itemAdd, {}],
      [Subjects.cart.itemRemove, { pharmProductId: null }],
      [Subjects.cart.cartStore, { cartItems: 'x' }],
      [Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 7, amount: 1 }, { pharmProductId: 7, amount: 2 }] }],
      [Subjects.cart.cartStore, { cartItems: Array.from({ length: 51 }, (_, i) => ({ pharmProductId: i + 1, amount: 1 })) }],
    ];
    for (const [subject, payload] of bad) {
      await expect(rpcUntyped(nc(), subject, payload, user)).rejects.toMatchObject({ status: 400 });
    }
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, user)).toEqual(before);
  });

  it('holds at most 50 distinct lines', async () => {
    const full = Array.from({ length: 50 }, (_, i) => ({ pharmProductId: 1000 + i, amount: 1 }));
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: full }, as(users.e));
    await expect(rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 5000, amount: 1 }, as(users.e))).rejects.toMatchObject({ status: 400, message: Messages.badRequest });
    expect((await rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 1000, amount: 1 }, as(users.e))).items[0]).toEqual({ pharmProductId: 1000, amount: 2 });
  });

  it('replaces the whole list on store', async () => {
    const user = as(users.b);
    await rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 1, amount: 1 }, { pharmProductId: 2, amount: 2 }] }, user);
    const stored = await rpc(nc(), Subjects.cart.cartStore, { cartItems: [{ pharmProductId: 3, amount: 3 }] }, user);
    expect(stored.items).toEqual([{ pharmProductId: 3, amount: 3 }]);
    expect(await rpc(nc(), Subjects.cart.cartGet, {}, user)).toEqual(stored);
    expect((await rpc(nc(), Subjects.cart.cartStore, { cartItems: [] }, user)).items).toEqual([]);
  });

  it('loses no update under concurrent adds by one user: 20 adds of 1 give 10, the other 10 refused', async () => {
    const user = as(users.d);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 77, amount: 1 }, user)));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 400, message: Messages.cartLimit });
    expect((await rpc(nc(), Subjects.cart.cartGet, {}, user)).items).toEqual([{ pharmProductId: 77, amount: 10 }]);

    // Under the limit every add counts: 7 concurrent adds of 1 to a new line give exactly 7.
    await Promise.all(Array.from({ length: 7 }, () => rpc(nc(), Subjects.cart.itemAdd, { pharmProductId: 78, amount: 1 }, user)));
    const cart: ServerCart = await rpc(nc(), Subjects.cart.cartGet, {}, user);
    expect(cart.items).toEqual([{ pharmProductId: 77, amount: 10 }, { pharmProductId: 78, amount: 7 }]);
  });
});

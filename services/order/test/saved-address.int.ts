import { Messages, Subjects, type Address } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { restock, rpcOn, useOrderStack, encryptIdNumber } from './support';

/**
 * A saved address of the caller's address book (identity itself runs: the caller is a patient of this suite, signed
 * in with identity): the quote and the order ship to it; an address id that is not the caller's is 404.
 */
describe('order service: shipping to a saved address of the caller', () => {
  const s = useOrderStack({ realIdentity: true });
  const call = rpcOn(s.nc);
  let as: { caller: string };
  let saved: Address;

  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `saved-address-${run}@example.co.il`;

  beforeAll(async () => {
    // A patient of this suite alone (the shared demo patient may have its sessions ended by another suite at any
    // moment), with the demo patient's password hash; its id is far above the other test databases' (they share the
    // test NATS, and so the token_versions bucket).
    await s.pg().query(`DELETE FROM identity.users WHERE email LIKE 'saved-address-%@example.co.il'`);
    const id = 1_500_000_000 + Math.floor(Math.random() * 500_000_000);
    await s.pg().query(
      `INSERT INTO identity.users (id, email, first_name, last_name, password_hash, status, role)
       SELECT $2, $1, 'כתובת', 'שמורה', password_hash, 'active', 'user' FROM identity.users WHERE email = 'patient@medcanna.local'`,
      [email, id],
    );
    as = await waitFor('a token that identity takes', async () => {
      const { jwt } = await call(Subjects.identity.signIn, { email, password: 'demo-patient' });
      await call(Subjects.identity.userGet, {}, { caller: jwt });
      return { caller: jwt };
    }, { timeoutMs: 30_000, intervalMs: 250 });
    const { addresses } = await call(Subjects.identity.addressCreate, { address: 'דיזנגוף, תל אביב-יפו', houseNumber: '50', floor: 3, apartment: Number.parseInt(run.slice(-4), 36) % 99_999 }, as);
    saved = addresses[addresses.length - 1];
    const { a } = s.offers();
    // A delivers anywhere for 25 ₪.
    const { rows } = await s.pg().query(`SELECT id FROM shipping_quote.locations WHERE type = 'country' ORDER BY id LIMIT 1`);
    await s.pg().query('DELETE FROM shipping_quote.shipments WHERE pharm_slug = $1', [a[0].pharmSlug]);
    await s.pg().query(
      `INSERT INTO shipping_quote.shipments (pharm_slug, name, published, quantity_type, pricings, location_ids) VALUES ($1, 'order-it', true, 'min-total-price', $2, $3)`,
      [a[0].pharmSlug, JSON.stringify([{ quantity: 0, amount: 2500 }]), [rows[0].id]],
    );
    await restock(s.pg(), a);
    await call(Subjects.cart.cartStore, { cartItems: [{ pharmProductId: a[0].id, amount: 1 }] }, as);
  }, 60_000);

  afterAll(async () => {
    if (saved) await call(Subjects.identity.addressRemove, { id: saved.id }, as).catch(() => undefined);
  });

  it('quotes and places the order to the saved address, snapshotted on the order', async () => {
    const quote = await call(Subjects.order.quote, { shippingAddress: { addressId: saved.id } }, as);
    expect(quote.pharmsQuotes[0].shipping).toMatchObject({ status: 'matched', price: 25 });
    const key = await call(Subjects.order.publicKey, {});
    const batch = await call(Subjects.order.orderCreate, {
      firstName: 'נועה', lastName: 'לוי', phone: '052-1234567', email, agreeTOU: true, agreeDisclaimer: true,
      notes: `run ${Date.now()}`, shippingAddress: { addressId: saved.id }, encryptedPii: encryptIdNumber(key, '123456782'),
    }, as);
    expect(batch.orders[0].address).toEqual({ address: saved.address, houseNumber: saved.houseNumber, floor: saved.floor, apartment: saved.apartment });
  });

  it("refuses an address id that is not the caller's with 404 'הכתובת לא נמצאה'", async () => {
    // The order above leaves the cart through cart's consumer of evt.order.batch.placed: once it has, fill it again.
    await waitFor('the ordered line to leave the cart', async () => (await call(Subjects.cart.cartGet, {}, as)).items.length === 0);
    await call(Subjects.cart.cartStore, { cartItems: [{ pharmProductId: s.offers().a[0].id, amount: 1 }] }, as);
    await expect(call(Subjects.order.quote, { shippingAddress: { addressId: 2_000_000_000 } }, as)).rejects.toMatchObject({ status: 404, message: Messages.addressNotFound });
  });
});

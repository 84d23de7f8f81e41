import { Messages } from '@mc/contracts';
import { api } from './http';

const json = (method: string, body: unknown, headers: Record<string, string> = {}) =>
  ({ method, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const badRequest = (message: string) => ({ status: 400, body: { statusCode: 400, code: 'BAD_REQUEST', message } });

const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i++) value = { email: value };
  return value;
};

describe("one caller's bad input never hurts others", () => {
  let jwt: string;

  beforeAll(async () => {
    const signedIn = await api('/api/auth/signin', json('POST', { email: 'company@medcanna.local', password: 'demo-company' }));
    expect(signedIn.status).toBe(200);
    jwt = signedIn.body.jwt;
  });

  it('refuses NUL in the query with a Hebrew 400, and the product pages keep answering', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await api('/api/products?search=%00')).toMatchObject(badRequest(Messages.inputControlChars));
      expect(await api(`/api/pharms?search=a%00b&i=${i}`)).toMatchObject(badRequest(Messages.inputControlChars));
    }
    expect(await api('/api/products/a%00b')).toMatchObject(badRequest(Messages.inputControlChars));
    expect((await api('/api/products')).status).toBe(200);
    expect((await api('/api/pharms')).status).toBe(200);
  });

  it('refuses deeply nested bodies, and the account keeps answering', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await api('/api/auth/signin', json('POST', nested(50)))).toMatchObject(badRequest(Messages.inputTooDeep));
      expect(await api('/api/user', json('PATCH', { firstName: nested(20) }, bearer(jwt)))).toMatchObject(badRequest(Messages.inputTooDeep));
    }
    expect((await api('/api/user', { headers: bearer(jwt) })).status).toBe(200);
  });

  it('refuses control characters in body strings and keys, and strings longer than any field', async () => {
    expect(await api('/api/contact', json('POST', { name: 'א', email: 'a@b.co', phone: '0521234567', message: 'a\u0000b' }))).toMatchObject(badRequest(Messages.inputControlChars));
    expect(await api('/api/auth/signin', json('POST', { ['email\u0000']: 'a@b.co', password: 'x' }))).toMatchObject(badRequest(Messages.inputControlChars));
    expect(await api('/api/auth/signin', json('POST', { email: 'a@b.co', password: 'x'.repeat(10_001) }))).toMatchObject(badRequest(Messages.inputTooLong));
  });

  it('refuses a body larger than the bus can carry with a Hebrew 413', async () => {
    const res = await api('/api/auth/signin', json('POST', { email: 'a@b.co', password: 'x', padding: Array.from({ length: 40_000 }, () => 'abcdefgh') }));
    expect(res).toMatchObject({ status: 413, body: { statusCode: 413, message: Messages.requestTooLarge } });
  });

  it('answers the services\' bad-input cases with a 400: wrong types, ids beyond the column, 1e308, null booleans', async () => {
    expect((await api('/api/auth/signin', json('POST', { email: { toString: 1 }, password: 'x' }))).status).toBe(400);
    for (const id of ['99999999999', '2147483648', '1e308', 'abc', '0', '-1']) {
      expect(await api(`/api/user/addresses/${id}`, json('PATCH', { address: 'הרצל, תל אביב', houseNumber: '1' }, bearer(jwt)))).toMatchObject({ status: 400 });
      expect(await api(`/api/user/addresses/${id}`, { method: 'DELETE', headers: bearer(jwt) })).toMatchObject({ status: 400 });
    }
    expect(await api('/api/user/addresses', json('POST', { address: 'הרצל, תל אביב', houseNumber: '1', floor: 99999999999 }, bearer(jwt)))).toMatchObject({ status: 400 });
    expect(await api('/api/user/geo', json('PUT', '{"lat":1e308,"lng":34.8}', bearer(jwt)))).toMatchObject({ status: 400 });
    expect(await api('/api/user', json('PATCH', { firstName: 'מיכל', lastName: 'אברהם', subscribed: null }, bearer(jwt)))).toMatchObject({ status: 400 });
    expect(await api('/api/products?priceRange=99999999999999999999999-1')).toMatchObject({ status: 200 });
    expect((await api('/api/user', { headers: bearer(jwt) })).body.user).toMatchObject({ email: 'company@medcanna.local', subscribed: expect.any(Boolean) });
  });
});

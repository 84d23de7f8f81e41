import { Messages, type AddressSearchResponse } from '@mc/contracts';
import { api, fromMailbox } from './http';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
const searchPath = (text: string) => `/api/addresses/search?text=${encodeURIComponent(text)}`;

/** The newest activation token e-mailed to `email`, read from the local mailbox page. */
async function activationToken(email: string): Promise<string> {
  const pick = (a: string) => (a.includes(email) && a.includes('/auth/verify-email') ? a.match(/token=([^"&<\s]+)/)?.[1] : undefined);
  return decodeURIComponent(await fromMailbox(`an activation e-mail to ${email}`, pick));
}

describe('address search through the gateway', () => {
  const email = `e2e-addresses-${Date.now()}@example.co.il`;
  let jwt: string;

  beforeAll(async () => {
    expect((await api('/api/auth/signup', json({ firstName: 'נועה', lastName: 'לוי', email, password: 'a good secret', agreeTOU: true }))).status).toBe(200);
    expect((await api('/api/auth/activate', json({ activationToken: await activationToken(email) }))).status).toBe(200);
    jwt = (await api('/api/auth/signin', json({ email, password: 'a good secret' }))).body.jwt;
  });

  it('is for signed-in users only', async () => {
    expect(await api(searchPath('הרצל 12 חיפה'))).toMatchObject({ status: 401, body: { message: Messages.signInRequired } });
    expect((await api(searchPath('הרצל 12 חיפה'), { headers: bearer('a.b.c') })).status).toBe(401);
  });

  it('answers suggestions with street, house number and city, the best first', async () => {
    const answer = await api(searchPath('הרצל 12 חיפה'), { headers: bearer(jwt) });
    expect(answer.status).toBe(200);
    const { results } = answer.body as AddressSearchResponse;
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(5);
    expect(results[0]).toEqual({
      address: 'הרצל 12, חיפה', text: 'הרצל 12, חיפה', street: 'הרצל', houseNumber: '12', city: 'חיפה', lat: expect.any(Number), lng: expect.any(Number),
    });
    const reversed = (await api(searchPath('תל אביב, דיזנגוף 50'), { headers: bearer(jwt) })).body as AddressSearchResponse;
    expect(reversed.results[0]).toMatchObject({ address: 'דיזנגוף 50, תל אביב-יפו', houseNumber: '50' });
  });

  it('answers an empty list, not an error, for an address it does not know', async () => {
    expect(await api(searchPath('זזזזז טטטטט'), { headers: bearer(jwt) })).toMatchObject({ status: 200, body: { results: [] } });
  });

  it.each([
    ['no text', '/api/addresses/search'],
    ['an empty text', '/api/addresses/search?text='],
    ['one letter', searchPath(' ה ')],
    ['over 100 characters', searchPath('ה'.repeat(101))],
    ['the text twice', `${searchPath('הרצל')}&text=${encodeURIComponent('חיפה')}`],
  ])('refuses %s with 400 and the Hebrew message', async (_case, path) => {
    expect(await api(path, { headers: bearer(jwt) })).toMatchObject({
      status: 400, body: { statusCode: 400, code: 'VALIDATION_FAILED', message: Messages.addressSearchLength },
    });
  });

  it('gives an address that the address book saves as it is', async () => {
    const [chosen] = ((await api(searchPath('רוטשילד 40 ראשון לציון'), { headers: bearer(jwt) })).body as AddressSearchResponse).results;
    const saved = await api('/api/user/addresses', json({ address: chosen.address, houseNumber: chosen.houseNumber }, bearer(jwt)));
    expect(saved).toMatchObject({ status: 200, body: { addresses: [{ address: 'רוטשילד 40, ראשון לציון', houseNumber: '40', isDefault: true }] } });
  });

  it('limits one user to 60 searches a minute (429 in Hebrew)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await api(searchPath(`הרצל ${i + 1}`), { headers: bearer(jwt) })).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
    expect(await api(searchPath('הרצל 1'), { headers: bearer(jwt) })).toMatchObject({ status: 429, body: { message: Messages.tooManyRequests } });
  });
});

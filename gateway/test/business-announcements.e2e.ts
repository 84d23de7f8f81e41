import { BusinessMessages, Messages, type BusinessAnnouncement } from '@mc/contracts';
import { waitFor } from '@mc/kit/testing';
import { api } from './http';

// A pharmacy's announcements through the gateway, against the whole stack and the seeded accounts: pharmacist owns
// merkaz-tel-aviv, pharmacist2 owns layla-haifa. Every announcement made here is removed at the end.

const MERKAZ = 'merkaz-tel-aviv';
const LAYLA = 'layla-haifa';
const DAY_MS = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const base = (business = MERKAZ) => `/api/business/${business}/announcements`;
const send = (method: string, jwt?: string, body?: unknown): RequestInit => ({
  method,
  headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const signIn = async (email: string, password: string): Promise<string> => {
  const res = await api('/api/auth/signin', send('POST', undefined, { email, password }));
  expect(res.status).toBe(200);
  return res.body.jwt;
};

describe('the back office’s announcements through the gateway', () => {
  const tag = `e2e-ann-${Date.now()}`;
  const fields = (over: Record<string, unknown> = {}) => ({
    name: `${tag} שם`, content: `${tag} מבצע סוף שבוע`, published: true, startDate: at(-1), endDate: at(14), ...over,
  });
  let owner: string;
  let otherOwner: string;
  let admin: string;
  let patient: string;
  const made: { business: string; id: number }[] = [];
  const create = async (jwt: string, over: Record<string, unknown> = {}, business = MERKAZ) => {
    const res = await api(base(business), send('POST', jwt, fields(over)));
    if (res.status === 201) made.push({ business, id: res.body.announcement.id });
    return res;
  };
  const publicContents = async () => ((await api(`/api/pharms/${MERKAZ}`)).body.announcements as { content: string }[]).map((a) => a.content);

  beforeAll(async () => {
    [owner, otherOwner, admin, patient] = await Promise.all([
      signIn('pharmacist@medcanna.local', 'demo-pharmacist'), signIn('pharmacist2@medcanna.local', 'demo-pharmacist2'),
      signIn('admin@medcanna.local', 'demo-admin'), signIn('patient@medcanna.local', 'demo-patient'),
    ]);
  }, 30_000);

  afterAll(async () => {
    for (const { business, id } of made) await api(`${base(business)}/${id}`, send('DELETE', admin));
  });

  it('answers 401 without a token, 403 to a user who manages no business and 404 to another pharmacy’s owner', async () => {
    const routes: [string, string][] = [['GET', ''], ['GET', '/1'], ['POST', ''], ['PATCH', '/1'], ['DELETE', '/1']];
    for (const [method, rest] of routes) {
      const body = method === 'POST' || method === 'PATCH' ? fields() : undefined;
      expect((await api(`${base()}${rest}`, send(method, undefined, body))).status).toBe(401);
      expect((await api(`${base()}${rest}`, send(method, patient, body))).status).toBe(403);
      const other = await api(`${base()}${rest}`, send(method, otherOwner, body));
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(Messages.businessNotFound);
    }
    const unknown = await api(base('no-such-pharmacy'), send('GET', admin));
    expect(unknown.status).toBe(404);
  });

  it('creates, lists, gets, updates and deletes; the public page follows published and dates at once', async () => {
    const created = await create(owner, { type: 'DISCOUNT' });
    expect(created.status).toBe(201);
    const announcement: BusinessAnnouncement = created.body.announcement;
    expect(announcement).toMatchObject({ name: `${tag} שם`, type: 'BANNER', published: true });
    expect(created.headers.get('cache-control')).toBe('no-store');

    const list = await api(base(), send('GET', owner));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ perPage: 20, currentPage: 1, total: expect.any(Number) });
    expect(list.body.announcements[0]).toEqual(announcement);
    expect((await api(`${base()}/${announcement.id}`, send('GET', owner))).body).toEqual({ announcement });

    await waitFor('the announcement on the public page', publicContents, { until: (c) => c.includes(announcement.content), timeoutMs: 5000 });

    const unpublished = await api(`${base()}/${announcement.id}`, send('PATCH', owner, fields({ published: false, name: `${tag} שם חדש` })));
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.announcement).toMatchObject({ id: announcement.id, name: `${tag} שם חדש`, published: false, type: 'BANNER' });
    await waitFor('the announcement gone from the public page', publicContents, { until: (c) => !c.includes(announcement.content), timeoutMs: 5000 });

    // Another pharmacy's owner can neither see nor change it through their own business.
    expect((await api(`${base(LAYLA)}/${announcement.id}`, send('GET', otherOwner))).status).toBe(404);
    expect((await api(`${base(LAYLA)}/${announcement.id}`, send('DELETE', otherOwner))).status).toBe(404);

    const removed = await api(`${base()}/${announcement.id}`, send('DELETE', owner));
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    const gone = await api(`${base()}/${announcement.id}`, send('GET', owner));
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(BusinessMessages.announcementNotFound);
  });

  it('lets an admin choose the type when creating, never when editing', async () => {
    const created = await create(admin, { type: 'DISCOUNT' }, LAYLA);
    expect(created.status).toBe(201);
    expect(created.body.announcement.type).toBe('DISCOUNT');
    const edited = await api(`${base(LAYLA)}/${created.body.announcement.id}`, send('PATCH', admin, fields({ type: 'BANNER' })));
    expect(edited.body.announcement.type).toBe('DISCOUNT');
  });

  it('refuses bad input with spec §5’s Hebrew (400), never a 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, BusinessMessages.announcementNameRequired],
      [{ content: '' }, BusinessMessages.announcementContentRequired],
      [{ content: 'א'.repeat(91) }, BusinessMessages.announcementContentTooLong],
      [{ startDate: null }, BusinessMessages.startDateRequired],
      [{ endDate: 'tomorrow' }, BusinessMessages.endDateRequired],
      [{ startDate: at(3), endDate: at(2) }, BusinessMessages.endBeforeStart],
    ];
    for (const [over, message] of cases) {
      const res = await create(owner, over);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    const noBody = await api(base(), send('POST', owner));
    expect(noBody.status).toBe(400);
    const badId = await api(`${base()}/abc`, send('GET', owner));
    expect({ status: badId.status, message: badId.body.message }).toEqual({ status: 400, message: Messages.invalidUrl });
    expect((await api(`${base()}?page=0`, send('GET', owner))).status).toBe(400);
    expect((await api(`${base()}/99999999999`, send('DELETE', owner))).status).toBe(400);
  });
});

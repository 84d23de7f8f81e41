import { Subjects, type RequestSubject } from '@mc/contracts';
import { connectNats, rpcUntyped } from '@mc/kit/testing';
import type { NatsConnection } from 'nats';
import { api } from './http';

/**
 * Issue 30's authorization matrix: every endpoint of the operator's console, asked through the gateway and over NATS
 * by anonymous, a patient, a pharmacy owner, a cannabis company's staff and an admin. The gateway refuses a non-admin
 * before any call; each service refuses it again on its own subject (`@RequireAdmin()`), which the NATS half shows.
 * The admin's writes here are ones the service refuses on their content (nothing changes); the writes themselves are
 * tested in the services' suites and in the browser.
 */

type Json = any;
type Account = 'patient' | 'owner' | 'staff' | 'admin';
type Caller = 'anonymous' | Account;

const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  patient: { email: 'patient@medcanna.local', password: 'demo-patient' },
  owner: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' },
  staff: { email: 'company@medcanna.local', password: 'demo-company' },
  admin: { email: 'admin@medcanna.local', password: 'demo-admin' },
};
const REFUSED: Record<Exclude<Caller, 'admin'>, number> = { anonymous: 401, patient: 403, owner: 403, staff: 403 };
const PHARM = 'merkaz-tel-aviv';
const COMPANY = 'galil-fields';
const NO_SUCH_USER = 2_000_000_000;

interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Json;
  /** What an admin gets: the read itself, or the service's refusal of a write's content. */
  admin: number;
  /** The subject behind it and the payload an admin's call would carry (the same refusal). */
  subject: RequestSubject;
  payload: Json;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/api/manage/pharms', admin: 200, subject: Subjects.pharm.manageList, payload: {} },
  { method: 'POST', path: '/api/manage/pharms', body: { slug: 'Not A Slug' }, admin: 400, subject: Subjects.pharm.manageOnboard, payload: { slug: 'Not A Slug' } },
  { method: 'GET', path: `/api/manage/pharms/${PHARM}`, admin: 200, subject: Subjects.pharm.manageGet, payload: { slug: PHARM } },
  { method: 'PATCH', path: `/api/manage/pharms/${PHARM}`, body: { state: 'closed' }, admin: 400, subject: Subjects.pharm.manageUpdate, payload: { slug: PHARM, state: 'closed' } },
  { method: 'GET', path: `/api/manage/pharms/${PHARM}/members`, admin: 200, subject: Subjects.identity.manageMembers, payload: { kind: 'pharmacy', slug: PHARM } },
  { method: 'POST', path: `/api/manage/pharms/${PHARM}/members`, body: { email: 'not an e-mail' }, admin: 400, subject: Subjects.identity.manageMemberAdd, payload: { kind: 'pharmacy', slug: PHARM, name: 'x', email: 'not an e-mail' } },
  { method: 'DELETE', path: `/api/manage/pharms/${PHARM}/members/user-${NO_SUCH_USER}`, admin: 404, subject: Subjects.identity.manageMemberRemove, payload: { kind: 'pharmacy', slug: PHARM, memberId: `user-${NO_SUCH_USER}` } },
  { method: 'GET', path: `/api/manage/companies/${COMPANY}/members`, admin: 200, subject: Subjects.identity.manageMembers, payload: { kind: 'company', slug: COMPANY } },
  { method: 'POST', path: `/api/manage/companies/${COMPANY}/members`, body: { email: '' }, admin: 400, subject: Subjects.identity.manageMemberAdd, payload: { kind: 'company', slug: COMPANY, name: 'x', email: '' } },
  { method: 'DELETE', path: `/api/manage/companies/${COMPANY}/members/invite-${NO_SUCH_USER}`, admin: 404, subject: Subjects.identity.manageMemberRemove, payload: { kind: 'company', slug: COMPANY, memberId: `invite-${NO_SUCH_USER}` } },
  { method: 'GET', path: '/api/manage/users?search=noa', admin: 200, subject: Subjects.identity.manageUsers, payload: { search: 'noa' } },
  { method: 'GET', path: `/api/manage/users/${NO_SUCH_USER}`, admin: 404, subject: Subjects.identity.manageUserGet, payload: { userId: NO_SUCH_USER } },
  { method: 'POST', path: `/api/manage/users/${NO_SUCH_USER}/block`, admin: 404, subject: Subjects.identity.manageUserBlock, payload: { userId: NO_SUCH_USER } },
  { method: 'POST', path: `/api/manage/users/${NO_SUCH_USER}/unblock`, admin: 404, subject: Subjects.identity.manageUserUnblock, payload: { userId: NO_SUCH_USER } },
  { method: 'POST', path: `/api/manage/users/${NO_SUCH_USER}/resend-activation`, admin: 404, subject: Subjects.identity.manageResendActivation, payload: { userId: NO_SUCH_USER } },
  { method: 'GET', path: '/api/manage/audit', admin: 200, subject: Subjects.identity.manageAudit, payload: {} },
  { method: 'GET', path: '/api/manage/feed-partners', admin: 200, subject: Subjects.pharm.stockFeedPartners, payload: {} },
];
/** Order's counts have no route of their own: the gateway adds them to the pharmacies and the users. */
const ORDER_SUBJECTS: { subject: RequestSubject; payload: Json }[] = [
  { subject: Subjects.order.managePharmCounts, payload: { slugs: [PHARM] } },
  { subject: Subjects.order.manageUserCounts, payload: { userIds: [1] } },
];

const tokens: Partial<Record<Caller, string>> = {};
let nc: NatsConnection;

async function call(who: Caller, method: string, path: string, body?: unknown) {
  const token = tokens[who];
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  return api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function natsStatus(who: Caller, subject: string, payload: Json): Promise<number> {
  try {
    await rpcUntyped(nc, subject, payload, { caller: tokens[who] });
    return 200;
  } catch (err) {
    return (err as { status?: number }).status ?? 500;
  }
}

beforeAll(async () => {
  nc = await connectNats();
  for (const [who, account] of Object.entries(ACCOUNTS)) {
    const signIn = await api('/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(signIn.status).toBe(200);
    tokens[who as Account] = signIn.body.jwt;
  }
});

afterAll(async () => {
  await nc?.close();
});

describe("the operator's console", () => {
  it.each(Object.entries(REFUSED) as [Caller, number][])('%s: every route through the gateway answers %i and shows nothing', async (who, status) => {
    for (const endpoint of ENDPOINTS) {
      const res = await call(who, endpoint.method, endpoint.path, endpoint.body);
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: res.status }).toEqual({ route: `${endpoint.method} ${endpoint.path}`, status });
      expect(JSON.stringify(res.body)).not.toMatch(/@medcanna\.local|מרכז העיר/);
    }
  });

  it('admin: every route through the gateway answers the read or refuses the write on its content', async () => {
    for (const endpoint of ENDPOINTS) {
      const res = await call('admin', endpoint.method, endpoint.path, endpoint.body);
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: res.status }).toEqual({ route: `${endpoint.method} ${endpoint.path}`, status: endpoint.admin });
    }
  });

  it.each([...Object.entries(REFUSED), ['admin', 0]] as [Caller, number][])('%s: every subject over NATS checks its caller', async (who, status) => {
    for (const endpoint of [...ENDPOINTS, ...ORDER_SUBJECTS.map((o) => ({ ...o, admin: 200 }))]) {
      const got = await natsStatus(who, endpoint.subject, endpoint.payload);
      const want = who === 'admin' ? endpoint.admin : status;
      expect({ subject: endpoint.subject, status: got }).toEqual({ subject: endpoint.subject, status: want });
    }
  });

  it("lists the pharmacies with their state, offers and this month's orders, and a pharmacy with its owner", async () => {
    const list = (await call('admin', 'GET', `/api/manage/pharms?search=${PHARM}`)).body;
    const pharm = list.pharms.find((p: { slug: string }) => p.slug === PHARM);
    expect(pharm).toMatchObject({ state: 'live', slug: PHARM });
    expect(pharm.offersCount).toBeGreaterThan(0);
    expect(typeof pharm.ordersThisMonth).toBe('number');
    const members = (await call('admin', 'GET', `/api/manage/pharms/${PHARM}/members`)).body.members;
    expect(members).toEqual([expect.objectContaining({ state: 'member', email: 'pharmacist@medcanna.local' })]);
    expect((await call('admin', 'GET', '/api/manage/pharms/no-such-pharm/members')).status).toBe(404);
    expect((await call('admin', 'GET', '/api/manage/companies/no-such-company/members')).status).toBe(404);
  });

  it("finds an account by name, e-mail or phone and shows its methods, memberships and orders, never its ID numbers", async () => {
    for (const search of ['נועה', 'patient@medcanna', '0521234567']) {
      const { users } = (await call('admin', 'GET', `/api/manage/users?search=${encodeURIComponent(search)}`)).body;
      expect({ search, emails: users.map((u: { email: string }) => u.email) }).toEqual({ search, emails: expect.arrayContaining(['patient@medcanna.local']) });
    }
    const { users } = (await call('admin', 'GET', '/api/manage/users?search=pharmacist%40medcanna.local')).body;
    const user = (await call('admin', 'GET', `/api/manage/users/${users[0].id}`)).body;
    expect(user).toMatchObject({ email: 'pharmacist@medcanna.local', status: 'active', role: 'business_owner', memberships: [{ kind: 'pharmacy', slug: PHARM }] });
    expect(user.signInMethods).toContain('password');
    expect(typeof user.ordersCount).toBe('number');
    expect(JSON.stringify(user)).not.toMatch(/idNumber|prescription|passwordHash|address/i);
  });

  it('keeps an admin from blocking an admin', async () => {
    const { users } = (await call('admin', 'GET', '/api/manage/users?search=admin%40medcanna.local')).body;
    const res = await call('admin', 'POST', `/api/manage/users/${users[0].id}/block`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('לא ניתן לחסום מנהל מערכת');
  });
});

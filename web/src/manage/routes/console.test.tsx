import { ManageMessages, type AuditPage, type BusinessMembers, type ManagedPharm, type ManagedUser } from '@mc/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../app/testing/render-routes';
import { sessions } from '../../kit/auth/session';
import { heAuth } from '../../kit/i18n/he';
import { json, sessionJwt } from '../fixtures.test-data';
import { manageRouteTree } from './manage';

// jsdom has no CSS.escape, which React Aria's collections and modals use.
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

type Handler = (method: string, url: URL, body: unknown) => Response | Promise<Response> | undefined;
interface Call { method: string; path: string; body: unknown }

let calls: Call[];
let handler: Handler;

beforeAll(async () => {
  await Promise.all([
    import('./pharms.page'), import('./pharm-new.page'), import('./pharm.page'), import('./users.page'), import('./user.page'), import('./audit.page'),
  ]);
}, 60_000);

beforeEach(() => {
  calls = [];
  handler = () => undefined;
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: `${url.pathname}${url.search}`, body });
    if (url.pathname === '/api/user') {
      return json({ user: { firstName: 'מנהלת', lastName: 'ראשית', email: 'admin@medcanna.local', phone: null, subscribed: false, lastSignedAt: null, createdAt: '2026-01-01T00:00:00Z', authMethod: 'password' }, addresses: [] });
    }
    if (url.pathname === '/api/user/businesses') return json({ businesses: [] });
    return (await handler(method, url, body)) ?? json({ latestProducts: [], footerLinks: [], items: [], updatedAt: null });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessions.signOut();
});

const signIn = (role: string) => sessions.signIn({ jwt: sessionJwt(role) });
const renderAt = (path: string) => renderRoutes([manageRouteTree], path, { placeholders: ['/'] });
const apiCalls = (prefix: string) => calls.filter((c) => c.path.startsWith(prefix));

const pharm = (over: Partial<ManagedPharm> = {}): ManagedPharm => ({
  slug: 'merkaz', name: 'בית מרקחת מרכז', state: 'onboarding', licenceNumber: '12-345', address: 'הרצל 12', city: 'חיפה', lat: 32.8, lng: 35,
  phone: '0521234567', whatsapp: null, orderEmail: 'orders@merkaz.example', shipping: 'paid', openingHours: { 0: [{ opensAt: '09:00', closesAt: '18:00' }] },
  partnerCode: 'PX-7', partnerFeedAt: '2026-11-27T08:30:00Z', offersCount: 42, ordersThisMonth: 9, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z',
  ...over,
});

const user = (over: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 5, firstName: 'נועה', lastName: 'כהן', email: 'noa@example.com', phone: '0541112222', status: 'active', role: 'user', createdAt: '2026-03-01T10:00:00Z',
  lastSignedAt: null, signInMethods: ['password', 'sms'], memberships: [{ kind: 'pharmacy', slug: 'merkaz', name: 'בית מרקחת מרכז' }], ordersCount: 3,
  ...over,
});

describe('the console is for admins', () => {
  it('shows another manager the not-found page and asks nothing', async () => {
    signIn('business_owner');
    renderAt('/manage/pharm');
    expect(await screen.findByRole('heading', { level: 1, name: 'העמוד לא נמצא' })).toBeTruthy();
    expect(apiCalls('/api/manage/pharms')).toEqual([]);
  });

  it('sends a signed-out visitor home', async () => {
    const router = renderAt('/manage/audit');
    expect(await screen.findByRole('heading', { name: 'page /' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(apiCalls('/api/manage')).toEqual([]);
  });

  it('gives an admin the console’s links in the account menu', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/users' ? json({ users: [], total: 0, perPage: 20, currentPage: 1 }) : undefined);
    renderAt('/manage/user');
    await screen.findByRole('heading', { level: 1, name: 'ניהול משתמשים' });
    fireEvent.click(screen.getByRole('button', { name: heAuth.accountMenu }));
    const section = await screen.findByRole('region', { name: 'ניהול המערכת' });
    expect(within(section).getByRole('link', { name: 'ניהול בתי מרקחת' }).getAttribute('href')).toBe('/manage/pharm');
    expect(within(section).getByRole('link', { name: 'ניהול משתמשים' }).getAttribute('href')).toBe('/manage/user');
    expect(within(section).getByRole('link', { name: 'יומן פעולות' }).getAttribute('href')).toBe('/manage/audit');
  });
});

describe('/manage/pharm', () => {
  it('lists the pharmacies with their state, partner sync, offers and orders this month, and filters by state through the address', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/pharms'
      ? json({ pharms: [pharm(), pharm({ slug: 'tzafon', name: 'צפון', state: 'suspended', partnerCode: null, partnerFeedAt: null, ordersThisMonth: undefined })], total: 2, perPage: 20, currentPage: 1 })
      : undefined);
    const router = renderAt('/manage/pharm');
    const link = await screen.findByRole('link', { name: 'בית מרקחת מרכז' });
    expect(link.getAttribute('href')).toBe('/manage/pharm/merkaz');
    const row = screen.getByRole('row', { name: /בית מרקחת מרכז/ });
    expect(within(row).getByText('בהקמה')).toBeTruthy();
    expect(within(row).getByText('PX-7')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('9')).toBeTruthy();
    const other = screen.getByRole('row', { name: /צפון/ });
    expect(within(other).getByText('מושהה')).toBeTruthy();
    expect(within(other).getByText('לא מסונכרן')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'הוספת בית מרקחת' }).getAttribute('href')).toBe('/manage/pharm/new');

    fireEvent.change(screen.getByRole('searchbox', { name: 'חיפוש בית מרקחת' }), { target: { value: 'חיפה' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'חיפה' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/manage/pharms?search=${encodeURIComponent('חיפה')}`)).toBe(true));
  });

  it('asks for the state in the address', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/pharms' ? json({ pharms: [], total: 0, perPage: 20, currentPage: 1 }) : undefined);
    renderAt('/manage/pharm?state=suspended');
    expect(await screen.findByText('לא נמצא בית מרקחת')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/manage/pharms?state=suspended')).toBe(true);
  });
});

describe('/manage/pharm/new', () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText(/שם בית המרקחת/), { target: { value: 'בית מרקחת חדש' } });
    fireEvent.change(screen.getByLabelText(/כתובת בדף/), { target: { value: 'hadash' } });
    fireEvent.change(screen.getByLabelText(/מספר רישיון/), { target: { value: '55-123' } });
    fireEvent.change(screen.getByRole('combobox', { name: /כתובת/ }), { target: { value: 'הרצל 12, חיפה' } });
    fireEvent.change(screen.getByLabelText(/^טלפון/), { target: { value: '0521234567' } });
    fireEvent.change(screen.getByLabelText(/קוד בית המרקחת אצל השותף/), { target: { value: 'PX-7' } });
  };

  it('shows the server’s messages under their fields and focuses the first', async () => {
    signIn('admin');
    handler = (method, url) =>
      method === 'POST' && url.pathname === '/api/manage/pharms'
        ? json({ statusCode: 409, message: ManageMessages.partnerCodeTaken }, 409)
        : url.pathname.startsWith('/api/addresses') ? json({ results: [] }) : undefined;
    renderAt('/manage/pharm/new');
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'יצירת בית המרקחת' }));
    const partner = screen.getByLabelText(/קוד בית המרקחת אצל השותף/);
    await waitFor(() => expect(partner.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(ManageMessages.partnerCodeTaken)).toBeTruthy();
    expect(document.activeElement).toBe(partner);
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/manage/pharms');
    expect(post?.body).toMatchObject({
      slug: 'hadash', name: 'בית מרקחת חדש', licenceNumber: '55-123', address: 'הרצל 12, חיפה', phoneNumber: '0521234567', partnerCode: 'PX-7',
      shipping: 'no-shipping', openingHours: [], whatsappNumber: null, orderEmail: null,
    });
  });

  it('refuses a bad slug before asking, with the contract’s message', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname.startsWith('/api/addresses') ? json({ results: [] }) : undefined);
    renderAt('/manage/pharm/new');
    await fill();
    fireEvent.change(screen.getByLabelText(/כתובת בדף/), { target: { value: 'Not A Slug' } });
    fireEvent.click(screen.getByRole('button', { name: 'יצירת בית המרקחת' }));
    expect(await screen.findByText(ManageMessages.slugInvalid)).toBeTruthy();
    expect(apiCalls('/api/manage')).toEqual([]);
  });

  it('goes to the new pharmacy’s page once it is created', async () => {
    signIn('admin');
    handler = (method, url) => {
      if (method === 'POST' && url.pathname === '/api/manage/pharms') return json(pharm({ slug: 'hadash', name: 'בית מרקחת חדש' }), 201);
      if (url.pathname === '/api/manage/pharms/hadash/members') return json({ members: [] });
      return url.pathname.startsWith('/api/addresses') ? json({ results: [] }) : undefined;
    };
    const router = renderAt('/manage/pharm/new');
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'יצירת בית המרקחת' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/pharm/hadash'));
    expect(await screen.findByText('בית המרקחת נוצר')).toBeTruthy();
  });
});

describe('/manage/pharm/{slug}', () => {
  it('suspends the pharmacy after a confirm', async () => {
    signIn('admin');
    let current = pharm({ state: 'live' });
    handler = (method, url, body) => {
      if (url.pathname === '/api/manage/pharms/merkaz') {
        if (method === 'PATCH') current = { ...current, ...(body as Partial<ManagedPharm>) };
        return json(current);
      }
      if (url.pathname === '/api/manage/pharms/merkaz/members') return json({ members: [] });
      return undefined;
    };
    renderAt('/manage/pharm/merkaz');
    fireEvent.click(await screen.findByRole('button', { name: 'השהיה' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'השהיית בית המרקחת' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ state: 'suspended' }));
    expect(await screen.findByText('מצב בית המרקחת עודכן: מושהה')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ליומן הפעולות' }).getAttribute('href')).toBe('/manage/audit?search=merkaz');
    expect(screen.getByRole('link', { name: 'למשרד האחורי' }).getAttribute('href')).toBe('/business/merkaz');
  });

  it('adds an owner by e-mail (an invitation when there is no account) and removes one after a confirm', async () => {
    signIn('admin');
    let members: BusinessMembers = { members: [{ id: 'user-5', state: 'member', userId: 5, email: 'noa@example.com', firstName: 'נועה', lastName: 'כהן', since: '2026-11-01T10:00:00Z' }] };
    handler = (method, url, body) => {
      if (url.pathname === '/api/manage/pharms/merkaz') return json(pharm());
      if (url.pathname === '/api/manage/pharms/merkaz/members' && method === 'POST') {
        const email = (body as { email: string }).email;
        members = { members: [...members.members, { id: 'invite-1', state: 'invited', userId: null, email, firstName: null, lastName: null, since: '2026-11-28T10:00:00Z' }] };
        return json(members, 201);
      }
      if (url.pathname === '/api/manage/pharms/merkaz/members/user-5' && method === 'DELETE') {
        members = { members: members.members.filter((m) => m.id !== 'user-5') };
        return json(members);
      }
      if (url.pathname === '/api/manage/pharms/merkaz/members') return json(members);
      return undefined;
    };
    renderAt('/manage/pharm/merkaz');
    expect(await screen.findByRole('link', { name: 'נועה כהן' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('דוא״ל של המשתמש'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'הוספת חבר' }));
    expect(await screen.findByText('נשלחה הזמנה אל new@example.com')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/manage/pharms/merkaz/members')?.body).toEqual({ email: 'new@example.com' });
    expect(within(screen.getByRole('row', { name: /new@example.com/ })).getByText('הוזמן')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'הסרה: noa@example.com' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'הסרת החבר' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/manage/pharms/merkaz/members/user-5')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'נועה כהן' })).toBeNull());
  });

  it('shows a refused addition’s message at the field', async () => {
    signIn('admin');
    handler = (method, url) => {
      if (url.pathname === '/api/manage/pharms/merkaz') return json(pharm());
      if (url.pathname === '/api/manage/pharms/merkaz/members' && method === 'POST') return json({ statusCode: 409, message: ManageMessages.alreadyMember }, 409);
      if (url.pathname === '/api/manage/pharms/merkaz/members') return json({ members: [] });
      return undefined;
    };
    renderAt('/manage/pharm/merkaz');
    fireEvent.change(await screen.findByLabelText('דוא״ל של המשתמש'), { target: { value: 'noa@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'הוספת חבר' }));
    expect(await screen.findByText(ManageMessages.alreadyMember)).toBeTruthy();
    expect(screen.getByLabelText('דוא״ל של המשתמש').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('/manage/user', () => {
  it('lists and searches the accounts through the address', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/users' ? json({ users: [user()], total: 1, perPage: 20, currentPage: 1 }) : undefined);
    const router = renderAt('/manage/user');
    const link = await screen.findByRole('link', { name: 'נועה כהן' });
    expect(link.getAttribute('href')).toBe('/manage/user/5');
    expect(within(screen.getByRole('row', { name: /נועה כהן/ })).getByText('פעיל')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'חיפוש משתמש' }), { target: { value: '054' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: '054' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/manage/users?search=054')).toBe(true));
  });

  it('blocks an account only after a confirm, and shows it blocked', async () => {
    signIn('admin');
    handler = (method, url) => {
      if (url.pathname === '/api/manage/users/5') return json(user());
      if (method === 'POST' && url.pathname === '/api/manage/users/5/block') return json(user({ status: 'disabled', ordersCount: undefined }));
      return undefined;
    };
    renderAt('/manage/user/5');
    expect(await screen.findByText('סיסמה, קוד ב-SMS')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'בית מרקחת מרכז' }).getAttribute('href')).toBe('/manage/pharm/merkaz');
    fireEvent.click(screen.getByRole('button', { name: 'חסימת המשתמש' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.path.endsWith('/block'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'כן, לחסום' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/manage/users/5/block')).toBe(true));
    expect(await screen.findByText(ManageMessages.blocked)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'הסרת החסימה' })).toBeTruthy();
    // The order count the gateway gave stays when the block's answer has none.
    expect(screen.getByText('3')).toBeTruthy();
  });

  it('resends the activation of a pending account', async () => {
    signIn('admin');
    handler = (method, url) => {
      if (url.pathname === '/api/manage/users/5') return json(user({ status: 'pending' }));
      if (method === 'POST' && url.pathname === '/api/manage/users/5/resend-activation') return json({ ok: true });
      return undefined;
    };
    renderAt('/manage/user/5');
    fireEvent.click(await screen.findByRole('button', { name: 'שליחת מייל הפעלה מחדש' }));
    expect(await screen.findByText(ManageMessages.activationResent)).toBeTruthy();
  });
});

describe('/manage/audit', () => {
  const page: AuditPage = {
    entries: [{
      id: 1, at: '2026-11-28T10:15:00Z', action: 'pharm.state-changed', actor: { id: 1, name: 'מנהלת ראשית', email: 'admin@medcanna.local' },
      targetKind: 'pharmacy', targetId: 'merkaz', targetLabel: 'בית מרקחת מרכז', before: { state: 'onboarding' }, after: { state: 'live' },
    }],
    total: 1, perPage: 50, currentPage: 1,
  };

  it('shows who did what and when (Israel time), before and after, and keeps the search in the address', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/audit' ? json(page) : undefined);
    const router = renderAt('/manage/audit?search=merkaz');
    const row = (await screen.findAllByText('שינוי מצב בית מרקחת')).map((cell) => cell.closest('tr')).find(Boolean)!;
    expect(within(row).getByText('28/11/2026 12:15')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'מנהלת ראשית' }).getAttribute('href')).toBe('/manage/user/1');
    expect(within(row).getByRole('link', { name: 'בית מרקחת מרכז' }).getAttribute('href')).toBe('/manage/pharm/merkaz');
    expect(within(row).getByText('בהקמה')).toBeTruthy();
    expect(within(row).getByText('פעיל')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/manage/audit?search=merkaz')).toBe(true);

    const box = screen.getByRole('searchbox', { name: 'חיפוש ביומן' }) as HTMLInputElement;
    expect(box.value).toBe('merkaz');
    fireEvent.change(box, { target: { value: 'noa@example.com' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'noa@example.com' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/manage/audit?search=${encodeURIComponent('noa@example.com')}`)).toBe(true));
  });
});

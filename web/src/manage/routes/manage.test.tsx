import { CompanyMessages, type ProductSupply } from '@mc/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../app/testing/render-routes';
import { sessions } from '../../kit/auth/session';
import { heAuth } from '../../kit/i18n/he';
import {
  accessJwt, companyPage, history, json, pricesReport, report, sessionJwt, stockPage, stockRow,
} from '../fixtures.test-data';
import { forgetCompanyToken } from '../queries/access';
import { manageRouteTree } from './manage';

type Handler = (method: string, url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined;
interface Call { method: string; path: string; authorization: string | null; body: unknown }

let calls: Call[];
let handler: Handler;

// The pages load lazily; their first transform (React Aria and all) can take longer than a test waits on two busy cores.
beforeAll(async () => {
  await Promise.all([
    import('./CompanyLayout'), import('./companies.page'), import('./company.page'), import('./stock.page'),
    import('./stock-history.page'), import('./stock-report.page'), import('./prices-report.page'),
  ]);
}, 60_000);

beforeEach(() => {
  calls = [];
  handler = () => undefined;
  vi.stubGlobal('fetch', vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({ method, path: `${url.pathname}${url.search}`, authorization: headers.get('authorization'), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.pathname === '/api/user') {
      return json({ user: { firstName: 'דנה', lastName: 'לוי', email: 'greenmed@medcanna.local', phone: null, subscribed: false, lastSignedAt: null, createdAt: '2026-01-01T00:00:00Z', authMethod: 'password' }, addresses: [] });
    }
    if (url.pathname === '/api/user/businesses') return json({ businesses: [{ kind: 'company', slug: 'greenmed', name: 'גרינמד' }] });
    if (method === 'POST' && url.pathname === '/api/businesses/company:greenmed/access') return (await handler(method, url, init)) ?? json({ jwt: accessJwt('greenmed') });
    return (await handler(method, url, init)) ?? json({ latestProducts: [], footerLinks: [], items: [], updatedAt: null });
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCompanyToken();
  sessions.signOut();
});

const signIn = (role: string) => sessions.signIn({ jwt: sessionJwt(role) });
const renderAt = (path: string) => renderRoutes([manageRouteTree], path, { placeholders: ['/'] });
const companyCalls = () => calls.filter((c) => c.path.startsWith('/api/manage/cannabis-company/greenmed'));

/** The company page answered with the given flag; other company calls answered by `more`. */
function serveCompany(stockReport: boolean, more: Handler = () => undefined) {
  handler = (method, url, init) => {
    if (url.pathname === '/api/manage/cannabis-company/greenmed') return json(companyPage(stockReport));
    return more(method, url, init);
  };
}

describe('management access (spec §4, §6)', () => {
  it('sends a signed-out visitor home', async () => {
    const router = renderAt('/manage/cannabis-company/greenmed');
    expect(await screen.findByRole('heading', { name: 'page /' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.path.startsWith('/api/manage') || c.path.includes('/access'))).toBe(false);
  });

  it('signs a non-manager out, here and on the server, and sends them home', async () => {
    signIn('user');
    const router = renderAt('/manage/cannabis-company');
    expect(await screen.findByRole('heading', { name: 'page /' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(sessions.get()).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/signout')).toBe(true));
    expect(calls.some((c) => c.path.startsWith('/api/manage'))).toBe(false);
  });

  it('shows the not-found page when the access call refuses the company (403)', async () => {
    signIn('business_owner');
    handler = (method, url) =>
      url.pathname.endsWith('/access') ? json({ statusCode: 403, message: CompanyMessages.companyNotFound }, 403) : undefined;
    renderAt('/manage/cannabis-company/greenmed');
    expect(await screen.findByRole('heading', { level: 1, name: 'העמוד לא נמצא' })).toBeTruthy();
    expect(companyCalls()).toEqual([]);
  });
});

describe('/manage/cannabis-company (the list)', () => {
  const list = { companies: [companyPage(true).company, { slug: 'bubble', name: 'באבל', logoUrl: null, licenceNumber: null, productsCount: 3 }], total: 2, perPage: 20, currentPage: 1 };

  it('lists the manager’s companies, each linking to its page, with no search box for an owner', async () => {
    signIn('business_owner');
    handler = (method, url) => (url.pathname === '/api/manage/cannabis-company' ? json(list) : undefined);
    renderAt('/manage/cannabis-company');
    const link = await screen.findByRole('link', { name: 'גרינמד' });
    expect(link.getAttribute('href')).toBe('/manage/cannabis-company/greenmed');
    expect(screen.getByRole('link', { name: 'באבל' }).getAttribute('href')).toBe('/manage/cannabis-company/bubble');
    expect(within(screen.getByRole('row', { name: /גרינמד/ })).getByText('12')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'דוח מחירים' })).toBeNull();
  });

  it('gives an admin a search box that searches every company through the address', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/cannabis-company' ? json(list) : undefined);
    const router = renderAt('/manage/cannabis-company');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'חיפוש חברה' }), { target: { value: 'באבל' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'באבל' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/manage/cannabis-company?search=${encodeURIComponent('באבל')}`)).toBe(true));
    expect(screen.getByRole('link', { name: 'דוח מחירים' }).getAttribute('href')).toBe('/manage/prices-report');
  });
});

describe('/manage/cannabis-company/{slug} (the company page)', () => {
  it('obtains the token and sends it, and shows the card and the figures', async () => {
    signIn('business_owner');
    serveCompany(false);
    renderAt('/manage/cannabis-company/greenmed');
    expect(await screen.findByRole('heading', { level: 1, name: 'גרינמד' })).toBeTruthy();
    expect(screen.getByText('רישיון מספר IMC-1234')).toBeTruthy();
    const stats = screen.getByRole('heading', { level: 2, name: 'תמונת מצב' }).closest('section')!;
    const stat = (label: string) => within(stats).getByText(label).closest('li')!;
    expect(within(stat('מוצרים בקטלוג')).getByText('12')).toBeTruthy();
    expect(within(stat('בתי מרקחת עם מלאי')).getByText('31')).toBeTruthy();
    expect(within(stat('חוסרים השבוע')).getByText('4')).toBeTruthy();
    // Agorot in the answer, shekels on the screen, with the offer's pharmacy.
    expect(within(stat('ההצעה הזולה ביותר')).getByText('₪149.90')).toBeTruthy();
    expect(within(stat('ההצעה הזולה ביותר')).getByRole('link', { name: 'פארם הים, אילת' }).getAttribute('href')).toBe('/pharms/yam-eilat');
    expect(within(stat('ההצעה היקרה ביותר')).getByText('₪320')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /גרינמד T20\/C4/ })).getByText('17')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /גרינמד T10\/C10/ })).getByText('8')).toBeTruthy();

    const access = calls.filter((c) => c.path.endsWith('/access'));
    expect(access).toHaveLength(1);
    expect(access[0].method).toBe('POST');
    expect(companyCalls()[0].authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.sig$/);
    expect(sessionStorage.getItem('mc.company-access.greenmed')).toContain(companyCalls()[0].authorization!.slice(7));
    expect(localStorage.length).toBe(0);
  });

  it('shows no stock-report link when the company’s flag is off, and shows it when on', async () => {
    signIn('business_owner');
    serveCompany(false);
    renderAt('/manage/cannabis-company/greenmed');
    const nav = await screen.findByRole('navigation', { name: 'ניהול החברה' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['ראשי', 'מלאי', 'היסטוריית מלאי', 'חוסרים']);
  });

  it('is the page the user menu links the company to', async () => {
    signIn('business_owner');
    serveCompany(false);
    renderAt('/manage/cannabis-company/greenmed');
    await screen.findByRole('heading', { level: 1, name: 'גרינמד' });
    fireEvent.click(screen.getByRole('button', { name: heAuth.accountMenu }));
    const businesses = await screen.findByRole('region', { name: heAuth.myBusinesses });
    const link = within(businesses).getByRole('link', { name: new RegExp(`גרינמד.*${heAuth.company}`) });
    expect(link.getAttribute('href')).toBe('/manage/cannabis-company/greenmed');
  });

  it('links the stock report when the company’s flag is on', async () => {
    signIn('business_owner');
    serveCompany(true);
    renderAt('/manage/cannabis-company/greenmed');
    const nav = await screen.findByRole('navigation', { name: 'ניהול החברה' });
    expect(within(nav).getByRole('link', { name: 'דוח מלאי' }).getAttribute('href')).toBe('/manage/cannabis-company/greenmed/stock-report');
  });
});

describe('/manage/cannabis-company/{slug}/stock', () => {
  const saved: ProductSupply = { state: 'short', until: '2099-02-01', units: 25, updatedAt: '2026-11-28T09:15:00.000Z' };

  function serveStock(patch: (body: unknown) => Response = () => json(saved)) {
    serveCompany(true, (method, url, init) => {
      if (url.pathname !== '/api/manage/cannabis-company/greenmed/stock') return undefined;
      if (method === 'PATCH') return patch(JSON.parse(String(init?.body)));
      return json(stockPage([
        stockRow(1, 'גרינמד T20/C4', { supply: { state: 'short', until: '2099-01-12', units: 40, updatedAt: '2026-11-27T08:30:00.000Z' } }),
        stockRow(2, 'גרינמד T10/C10'),
      ]));
    });
  }
  const card = async (name: string) => (await screen.findByRole('heading', { level: 3, name })).closest('article')!;

  it('shows each product with its dosage, partner id, the company’s supply and the market, by district on demand', async () => {
    signIn('business_owner');
    serveStock();
    renderAt('/manage/cannabis-company/greenmed/stock');
    const first = await card('גרינמד T20/C4');
    expect(within(first).getByText('YRP-100')).toBeTruthy();
    expect(within(first).getByText('T20/C4')).toBeTruthy();
    expect(within(first).getByText('מחסור · עד 12/01/2099 · 40 יחידות')).toBeTruthy();
    expect(within(first).getByText('3 / 5')).toBeTruthy();
    expect(within(first).getByText('₪189')).toBeTruthy();
    expect(within(first).getByText('₪214.50')).toBeTruthy();
    expect(within(first).getByText('₪250')).toBeTruthy();
    expect(within(await card('גרינמד T10/C10')).getByText('לא דווח')).toBeTruthy();
    const toggle = within(first).getByRole('button', { name: 'לפי מחוז' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const districts = within(first).getByRole('table', { name: 'גרינמד T20/C4: השוק לפי מחוז' });
    expect(within(districts).getByRole('row', { name: /צפון/ }).textContent).toContain('1 / 2');
    expect(screen.getByText('2 מוצרים')).toBeTruthy();
  });

  it('asks for a date before saving short or out, and sends nothing', async () => {
    signIn('business_owner');
    serveStock();
    renderAt('/manage/cannabis-company/greenmed/stock');
    const second = await card('גרינמד T10/C10');
    // React Aria's select keeps a native select for forms and tests: choose 'out'.
    fireEvent.change(second.querySelector('select')!, { target: { value: 'out' } });
    fireEvent.click(within(second).getByRole('button', { name: 'שמירת מצב האספקה' }));
    expect(await within(second).findByText(CompanyMessages.untilRequired)).toBeTruthy();
    fireEvent.change(within(second).getByLabelText('יחידות שניתן לספק (לא חובה)'), { target: { value: '-4' } });
    fireEvent.click(within(second).getByRole('button', { name: 'שמירת מצב האספקה' }));
    expect(await within(second).findByText(CompanyMessages.invalidUnits)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves with PATCH (product, state, until, units; with the token) and shows the saved state', async () => {
    signIn('business_owner');
    serveStock();
    renderAt('/manage/cannabis-company/greenmed/stock');
    const first = await card('גרינמד T20/C4');
    fireEvent.change(within(first).getByLabelText('יחידות שניתן לספק (לא חובה)'), { target: { value: '25' } });
    fireEvent.click(within(first).getByRole('button', { name: 'שמירת מצב האספקה' }));
    expect(await within(first).findByText('מצב האספקה נשמר')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/manage/cannabis-company/greenmed/stock');
    expect(patch.body).toEqual({ productId: 1, state: 'short', until: '2099-01-12', units: 25 });
    expect(patch.authorization).toMatch(/^Bearer /);
    expect(within(first).getByText('מחסור · עד 01/02/2099 · 25 יחידות')).toBeTruthy();
  });

  it('sends no date with available, and shows the server’s refusal by its field', async () => {
    signIn('business_owner');
    serveStock(() => json({ statusCode: 400, message: CompanyMessages.invalidUnits }, 400));
    renderAt('/manage/cannabis-company/greenmed/stock');
    const first = await card('גרינמד T20/C4');
    fireEvent.change(first.querySelector('select')!, { target: { value: 'available' } });
    fireEvent.click(within(first).getByRole('button', { name: 'שמירת מצב האספקה' }));
    const error = await within(first).findByText(CompanyMessages.invalidUnits);
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ productId: 1, state: 'available', units: 40 });
    const units = within(first).getByLabelText('יחידות שניתן לספק (לא חובה)');
    expect(units.getAttribute('aria-invalid')).toBe('true');
    expect(units.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('says there are no products, or that none was found for the search', async () => {
    signIn('business_owner');
    serveCompany(true, (method, url) => (url.pathname.endsWith('/stock') ? json(stockPage([])) : undefined));
    renderAt('/manage/cannabis-company/greenmed/stock?search=xyz');
    expect(await screen.findByText('לא נמצא מוצר')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/manage/cannabis-company/greenmed/stock?search=xyz')).toBe(true);
  });

  it('gets a new token once when the gateway refuses the kept one (401), and keeps the session', async () => {
    signIn('business_owner');
    let refused = false;
    serveCompany(true, (method, url, init) => {
      if (!url.pathname.endsWith('/stock')) return undefined;
      const bearer = new Headers(init?.headers).get('authorization');
      if (!refused) {
        refused = true;
        expect(bearer).toMatch(/^Bearer /);
        return json({ statusCode: 401, message: CompanyMessages.accessRequired }, 401);
      }
      return json(stockPage([stockRow(2, 'גרינמד T10/C10')]));
    });
    renderAt('/manage/cannabis-company/greenmed/stock');
    expect(await card('גרינמד T10/C10')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/access'))).toHaveLength(2);
    expect(sessions.get()).not.toBeNull();
  });
});

describe('/manage/cannabis-company/{slug}/stock-history', () => {
  it('draws the chart with its summary and the table of the days, and the company’s edits', async () => {
    signIn('business_owner');
    serveCompany(true, (method, url) => (url.pathname.endsWith('/stock-history') ? json(history) : undefined));
    renderAt('/manage/cannabis-company/greenmed/stock-history?days=90&productId=1');
    const chart = await screen.findByRole('img', { name: 'בתי מרקחת עם מלאי ומחיר חציוני לאורך התקופה' });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)!.textContent).toBe(
      'מ-26/11/2026 עד 28/11/2026: בין 14 ל-17 בתי מרקחת עם מלאי; מחיר חציוני בין ₪210 ל-₪214.50',
    );
    // The day without a median price breaks that line: two pieces.
    expect(chart.querySelectorAll('path.mc-chart-price')).toHaveLength(2);
    const days = screen.getByRole('table', { name: 'המלאי יום אחר יום' });
    expect(within(days).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['26/11/202614120₪210', '27/11/202616131—', '28/11/202617140₪214.50']);
    const edits = screen.getByRole('grid', { name: 'עדכוני מצב האספקה שדיווחה החברה' });
    expect(within(edits).getByRole('row', { name: /27\/11\/2026 10:30/ }).textContent).toBe('27/11/2026 10:30גרינמד T20/C4מחסור12/01/202740');
    const asked = calls.find((c) => c.path.includes('/stock-history'))!;
    const query = new URL(asked.path, 'http://localhost').searchParams;
    expect(query.get('productId')).toBe('1');
    const span = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000 + 1;
    expect(span).toBe(90);
    expect(screen.getByRole('button', { name: '90 ימים' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks for both days of a from–to before asking the API, and takes a from–to from the address', async () => {
    signIn('business_owner');
    serveCompany(true, (method, url) => (url.pathname.endsWith('/stock-history') ? json(history) : undefined));
    renderAt('/manage/cannabis-company/greenmed/stock-history?from=2026-11-01&to=2026-11-28');
    expect(await screen.findByText('מוצגים הימים 01/11/2026 – 28/11/2026')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/manage/cannabis-company/greenmed/stock-history?from=2026-11-01&to=2026-11-28')).toBe(true);
    expect(screen.getByRole('button', { name: 'טווח תאריכים' }).getAttribute('aria-pressed')).toBe('true');
    const asked = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'שנה' }));
    fireEvent.click(await screen.findByRole('button', { name: 'טווח תאריכים' }));
    const form = await screen.findByRole('form', { name: 'טווח תאריכים' });
    fireEvent.click(within(form).getByRole('button', { name: 'הצגה' }));
    expect(await within(form).findByText(CompanyMessages.invalidPeriod)).toBeTruthy();
    await waitFor(() => expect(calls.slice(asked).filter((c) => c.path.includes('/stock-history'))).toHaveLength(1));
  });

  it('asks for the period chosen with a press', async () => {
    signIn('business_owner');
    serveCompany(true, (method, url) => (url.pathname.endsWith('/stock-history') ? json(history) : undefined));
    const router = renderAt('/manage/cannabis-company/greenmed/stock-history');
    fireEvent.click(await screen.findByRole('button', { name: 'שנתיים' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ days: 730 }));
    await waitFor(() => {
      const last = calls.filter((c) => c.path.includes('/stock-history')).at(-1)!;
      const query = new URL(last.path, 'http://localhost').searchParams;
      expect((Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000 + 1).toBe(730);
    });
  });
});

describe('/manage/cannabis-company/{slug}/stock-report and stock-outs', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
  });

  it('shows the rows and the district summary, and downloads the file with the token under the server’s name', async () => {
    signIn('business_owner');
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    serveCompany(true, (method, url) => {
      if (!url.pathname.endsWith('/stock-report')) return undefined;
      if (url.searchParams.get('format') === 'csv') {
        return new Response('a,b\n', { headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="r.csv"; filename*=UTF-8''${encodeURIComponent('דוח-מלאי.csv')}` } });
      }
      return json(report(false));
    });
    renderAt('/manage/cannabis-company/greenmed/stock-report?search=%D7%92');
    const row = await screen.findByRole('row', { name: /פארם הים/ });
    expect(within(row).getByText('אילת')).toBeTruthy();
    expect(within(row).getByText('₪149.90')).toBeTruthy();
    expect(within(row).getByText('כן')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /מרכז תל אביב/ })).getByText('25/11/2026 12:00')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'בתי מרקחת שמציעים ושיש להם מלאי, לפי מחוז' })).getByRole('row', { name: /דרום/ }).textContent).toBe('דרום11');

    fireEvent.click(screen.getByRole('button', { name: 'הורדה כ-CSV' }));
    await waitFor(() => expect(clicked).toEqual(['דוח-מלאי.csv']));
    const download = calls.find((c) => c.path.includes('format=csv'))!;
    expect(download.path).toBe(`/api/manage/cannabis-company/greenmed/stock-report?search=${encodeURIComponent('ג')}&format=csv`);
    expect(download.authorization).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('says the report is not for this company when the server refuses it (403)', async () => {
    signIn('business_owner');
    serveCompany(false, (method, url) =>
      (url.pathname.endsWith('/stock-report') ? json({ statusCode: 403, message: CompanyMessages.reportNotEnabled }, 403) : undefined));
    renderAt('/manage/cannabis-company/greenmed/stock-report');
    expect(await screen.findByText(CompanyMessages.reportNotEnabled)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'העמוד לא נמצא' })).toBeTruthy();
  });

  it('lists the stock-outs, with the xlsx download asking its format', async () => {
    signIn('business_owner');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serveCompany(false, (method, url) => {
      if (!url.pathname.endsWith('/stock-outs')) return undefined;
      if (url.searchParams.get('format') === 'xlsx') return new Response(new Blob(['x']), { headers: { 'content-disposition': 'attachment; filename="outs.xlsx"' } });
      return json(report(true));
    });
    renderAt('/manage/cannabis-company/greenmed/stock-outs');
    expect(await screen.findByRole('heading', { level: 2, name: 'חוסרים' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /מרכז תל אביב/ })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /פארם הים/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'הורדה כ-Excel' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/manage/cannabis-company/greenmed/stock-outs?format=xlsx' && c.authorization?.startsWith('Bearer '))).toBe(true));
    vi.restoreAllMocks();
  });
});

describe('/manage/prices-report (admins)', () => {
  it('is not found for a company’s manager', async () => {
    signIn('business_owner');
    renderAt('/manage/prices-report');
    expect(await screen.findByRole('heading', { level: 1, name: 'העמוד לא נמצא' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/manage/prices-report'))).toBe(false);
  });

  it('shows an admin each product’s prices by day, for the period and company in the address', async () => {
    signIn('admin');
    handler = (method, url) => (url.pathname === '/api/manage/prices-report' ? json(pricesReport) : url.pathname === '/api/manage/cannabis-company' ? json({ companies: [], total: 0, perPage: 20, currentPage: 1 }) : undefined);
    renderAt('/manage/prices-report?from=2026-11-01&to=2026-11-28&company=greenmed');
    const row = await screen.findByRole('row', { name: /28\/11\/2026/ });
    expect(row.textContent).toBe('28/11/2026גרינמד T20/C4גרינמד17₪149.90₪214.50₪320');
    expect(calls.some((c) => c.path === '/api/manage/prices-report?from=2026-11-01&to=2026-11-28&company=greenmed' && c.authorization === null)).toBe(true);
  });
});

import { Subjects, type RequestSubject } from '@mc/contracts';
import { connectNats, rpcUntyped } from '@mc/kit/testing';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { NatsConnection } from 'nats';
import { api, CLIENT_HEADERS, gatewayUrl } from './http';

/**
 * Issue 29's authorization matrix: every cannabis-company endpoint, asked through the gateway and over NATS by
 * anonymous, a patient, a pharmacy owner, staff of another company (with their own company's access token too), staff
 * of this company without and with its access token, and an admin without and with one. Only the business access token
 * of that one company opens a company's route (`@RequireCompany()`); the services decide.
 */

type Json = any;
type Account = 'patient' | 'owner' | 'otherStaff' | 'staff' | 'admin';
type Caller = 'anonymous' | Account | 'otherStaffToken' | 'staffToken' | 'adminToken';

const COMPANY = 'greenmed';
const OTHER_COMPANY = 'galil-fields';
const ACCOUNTS: Record<Account, { email: string; password: string }> = {
  patient: { email: 'patient@medcanna.local', password: 'demo-patient' },
  owner: { email: 'pharmacist@medcanna.local', password: 'demo-pharmacist' },
  otherStaff: { email: 'company@medcanna.local', password: 'demo-company' },
  staff: { email: 'greenmed@medcanna.local', password: 'demo-greenmed' },
  admin: { email: 'admin@medcanna.local', password: 'demo-admin' },
};
/** What each caller gets from every company route of greenmed. */
const EXPECTED: Record<Caller, number> = {
  anonymous: 401, patient: 403, owner: 403, otherStaff: 403, otherStaffToken: 404, staff: 403, staffToken: 200, admin: 403, adminToken: 200,
};

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

interface Endpoint {
  method: 'GET' | 'PATCH';
  /** Under /api/manage/cannabis-company/{slug}. */
  path: string;
  subject: RequestSubject;
  payload: Json;
}

/** Every company endpoint of API.md that reads (the supply edit is checked apart: it changes what it is asked). */
const READS: Endpoint[] = [
  { method: 'GET', path: '', subject: Subjects.catalog.companyGet, payload: {} },
  { method: 'GET', path: '', subject: Subjects.pharm.companyFigures, payload: {} },
  { method: 'GET', path: '/stock', subject: Subjects.catalog.companyProducts, payload: {} },
  { method: 'GET', path: '/stock', subject: Subjects.pharm.companyMarket, payload: { productIds: [1] } },
  { method: 'GET', path: `/stock-history?from=${monthAgo}&to=${today}`, subject: Subjects.pharm.companyStockHistory, payload: { from: monthAgo, to: today } },
  { method: 'GET', path: `/stock-history?from=${monthAgo}&to=${today}`, subject: Subjects.catalog.companySupplyEdits, payload: { from: monthAgo, to: today } },
  { method: 'GET', path: '/stock-report', subject: Subjects.pharm.companyStockReport, payload: {} },
  { method: 'GET', path: '/stock-report?format=csv', subject: Subjects.pharm.companyStockReport, payload: { download: true } },
  { method: 'GET', path: '/stock-outs', subject: Subjects.pharm.companyStockOuts, payload: {} },
  { method: 'GET', path: '/stock-outs?format=xlsx', subject: Subjects.pharm.companyStockOuts, payload: { download: true } },
];

const tokens: Partial<Record<Caller, string>> = {};
let nc: NatsConnection;

const json = (body?: unknown): Record<string, string> => (body === undefined ? {} : { 'content-type': 'application/json' });
async function call(who: Caller, method: string, path: string, body?: unknown) {
  const token = tokens[who];
  return api(path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...json(body) }, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function natsStatus(who: Caller, subject: string, payload: Json): Promise<number> {
  try {
    await rpcUntyped(nc, subject, payload, { caller: tokens[who] });
    return 200;
  } catch (err) {
    return (err as { status?: number }).status ?? 500;
  }
}

const access = (who: Account, company: string) => call(who, 'POST', `/api/businesses/company:${company}/access`);
const companyPath = (path: string, slug = COMPANY) => `/api/manage/cannabis-company/${slug}${path}`;

beforeAll(async () => {
  nc = await connectNats();
  for (const [who, account] of Object.entries(ACCOUNTS)) {
    const signIn = await api('/api/auth/signin', { method: 'POST', headers: json({}), body: JSON.stringify(account) });
    expect(signIn.status).toBe(200);
    tokens[who as Account] = signIn.body.jwt;
  }
  tokens.staffToken = (await access('staff', COMPANY)).body.jwt;
  tokens.adminToken = (await access('admin', COMPANY)).body.jwt;
  tokens.otherStaffToken = (await access('otherStaff', OTHER_COMPANY)).body.jwt;
});

afterAll(async () => {
  await nc?.close();
});

describe("a cannabis company's routes", () => {
  it('give the access token of a company to its staff and to an admin only', async () => {
    expect((await access('staff', COMPANY)).status).toBe(200);
    expect((await access('admin', COMPANY)).status).toBe(200);
    expect((await access('otherStaff', COMPANY)).status).toBe(404);
    expect((await access('owner', COMPANY)).status).toBe(404);
    expect((await access('patient', COMPANY)).status).toBe(403);
    expect((await call('anonymous', 'POST', `/api/businesses/company:${COMPANY}/access`)).status).toBe(401);
  });

  it.each(Object.entries(EXPECTED) as [Caller, number][])('%s: every route through the gateway answers %i', async (who, status) => {
    for (const endpoint of READS) {
      const res = await call(who, endpoint.method, companyPath(endpoint.path));
      expect({ path: endpoint.path, status: res.status }).toEqual({ path: endpoint.path, status });
      if (status !== 200) expect(JSON.stringify(res.body)).not.toContain('גרינמד');
    }
    const edit = await call(who, 'PATCH', companyPath('/stock'), { productId: 999_999, state: 'available' });
    // The right token reaches the service, which finds no such product of the company.
    expect(edit.status).toBe(status === 200 ? 404 : status);
  });

  it.each(Object.entries(EXPECTED) as [Caller, number][])('%s: every subject over NATS answers %i', async (who, status) => {
    for (const endpoint of [...READS, { subject: Subjects.catalog.companySupplyUpdate, payload: { productId: 999_999, state: 'available' } } as Endpoint]) {
      const got = await natsStatus(who, endpoint.subject, { slug: COMPANY, ...endpoint.payload });
      const want = endpoint.subject === Subjects.catalog.companySupplyUpdate && status === 200 ? 404 : status;
      expect({ subject: endpoint.subject, status: got }).toEqual({ subject: endpoint.subject, status: want });
    }
  });

  it("list the caller's companies: staff their own, an admin any, a patient none; a business token is not a session", async () => {
    const slugs = async (who: Caller, query = '') => {
      const res = await call(who, 'GET', `/api/manage/cannabis-company${query}`);
      return res.status === 200 ? res.body.companies.map((c: { slug: string }) => c.slug) : res.status;
    };
    expect(await slugs('staff')).toEqual([COMPANY]);
    expect(await slugs('otherStaff')).toEqual([OTHER_COMPANY]);
    expect(await slugs('owner')).toEqual([]);
    expect(await slugs('admin', '?search=greenmed')).toContain(COMPANY);
    expect((await call('admin', 'GET', '/api/manage/cannabis-company')).body.total).toBeGreaterThanOrEqual(4);
    expect(await slugs('patient')).toBe(403);
    expect(await slugs('anonymous')).toBe(401);
    expect(await slugs('staffToken')).toBe(401);
  });

  it('keep the prices report for admins', async () => {
    const path = `/api/manage/prices-report?from=${monthAgo}&to=${today}`;
    for (const [who, status] of [['admin', 200], ['staff', 403], ['owner', 403], ['patient', 403], ['anonymous', 401], ['adminToken', 401]] as const) {
      expect({ who, status: (await call(who, 'GET', path)).status }).toEqual({ who, status });
      expect({ who, status: await natsStatus(who, Subjects.pharm.pricesReport, { from: monthAgo, to: today }) }).toEqual({ who, status });
    }
  });

  it("hold the stock report's flag for each company: greenmed, medocann and bubble have it, the others not", async () => {
    const { companies } = (await call('admin', 'GET', '/api/manage/cannabis-company')).body;
    expect(companies.length).toBeGreaterThanOrEqual(4);
    for (const { slug } of companies as { slug: string }[]) {
      const jwt = (await access('admin', slug)).body.jwt;
      const enabled = ['greenmed', 'medocann', 'bubble'].includes(slug);
      const page = await api(companyPath('', slug), { headers: { authorization: `Bearer ${jwt}` } });
      expect({ slug, flag: page.body.figures.features.stockReport }).toEqual({ slug, flag: enabled });
      const report = await api(companyPath('/stock-report', slug), { headers: { authorization: `Bearer ${jwt}` } });
      expect({ slug, status: report.status }).toEqual({ slug, status: enabled ? 200 : 403 });
      expect((await api(companyPath('/stock-outs', slug), { headers: { authorization: `Bearer ${jwt}` } })).status).toBe(200);
    }
  });

  it('download the stock report as CSV and XLSX with the rows the page shows', async () => {
    const auth = { authorization: `Bearer ${tokens.staffToken}` };
    const page = (await api(companyPath('/stock-report'), { headers: auth })).body;
    const file = (format: string) => fetch(`${gatewayUrl()}${companyPath(`/stock-report?format=${format}`)}`, { headers: { ...CLIENT_HEADERS, ...auth } });
    const csv = await file('csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="stock-report-greenmed-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(Buffer.from(await csv.arrayBuffer()).toString('utf8'), { bom: true }) as string[][];
    expect(rows[0]).toEqual(['מוצר', 'בית מרקחת', 'עיר', 'מחוז', 'במלאי', 'יחידות', 'מחיר (₪)', 'אזל מאז']);
    expect(rows.length - 1).toBe(page.total);
    for (const [i, row] of page.rows.slice(0, 20).entries()) {
      expect(rows[i + 1].slice(0, 5)).toEqual([row.productName, row.pharmName, row.city, row.district, row.inStock ? 'כן' : 'לא']);
      expect(Number(rows[i + 1][6])).toBe(row.price / 100);
    }
    const xlsx = await file('xlsx');
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(sheet.rowCount - 1).toBe(page.total);
    expect(sheet.getRow(2).getCell(1).value).toBe(page.rows[0].productName);
    expect((await call('staffToken', 'GET', companyPath('/stock-report?format=pdf'))).status).toBe(400);
  });
});

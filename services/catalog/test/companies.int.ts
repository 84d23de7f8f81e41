import {
  COMPANY_PAGE_SIZE, CompanyMessages, ErrorCodes, Events, Messages, parseProductListQuery, productCard, Subjects,
  type CompanyListPage, type CompanyProductsPage, type ProductSupply, type SupplyEditsPage,
} from '@mc/contracts';
import { rpc, rpcUntyped, TestIdentity, waitFor } from '@mc/kit/testing';
import { ProductsWriter } from '../src/products/products.writer';
import { COMPANY, COMPANY_SLUG, P, testProducts, useTestCatalog } from './test-catalog';

const A = COMPANY_SLUG.a;
const B = COMPANY_SLUG.b;
const DAY_MS = 86_400_000;
const israelDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(at);

describe('cannabis companies: catalog.company.*', () => {
  const service = useTestCatalog();
  const identity = new TestIdentity();
  const alefStaff = () => identity.companyToken('9100001', A);
  const betStaff = () => identity.companyToken('9100002', B);
  const adminOf = (slug: string) => identity.companyToken('9100003', slug, 'admin');
  const member = () => identity.token({ sub: '9100001', role: 'business_owner', biz: [`company:${A}`, `company:${B}`, `pharmacy:${COMPANY_SLUG.c}`] });
  const admin = () => identity.token({ sub: '9100003', role: 'admin' });
  const patient = () => identity.token({ sub: '9100004', role: 'user' });
  const call = <T>(subject: string, payload: Record<string, unknown>, caller?: string) =>
    rpcUntyped<T>(service.nc(), subject, payload, { caller });
  const ids = new Map<string, number>();
  const id = (slug: string) => ids.get(slug)!;
  const today = () => israelDay(new Date());
  const dayAfter = (days: number) => israelDay(new Date(Date.now() + days * DAY_MS));

  beforeAll(async () => {
    await identity.serveKeys(service.nc());
    for (const row of await service.sql<{ id: number; slug: string }>('SELECT id, slug FROM catalog.products')) ids.set(row.slug, row.id);
  });
  afterAll(() => identity.stop());
  afterEach(() => service.clock().reset());

  describe('catalog.company.list', () => {
    const list = (caller: string, payload: Record<string, unknown> = {}) => call<CompanyListPage>(Subjects.catalog.companyList, payload, caller);

    it("answers a manager the companies of their `company:` memberships (not a pharmacy's of the same slug), with their products counted", async () => {
      expect(await list(member())).toEqual({
        companies: [
          { slug: A, name: COMPANY.a, logoUrl: `/media/companies/${A}.svg`, licenceNumber: 'CT-LIC-1', productsCount: 2 },
          { slug: B, name: COMPANY.b, logoUrl: `/media/companies/${B}.svg`, licenceNumber: 'CT-LIC-2', productsCount: 2 },
        ],
        total: 2, perPage: COMPANY_PAGE_SIZE.companies, currentPage: 1,
      });
      // The count is of the products that name the company by slug (ct-amber names company a by its name only).
      const [{ n }] = await service.sql<{ n: number }>('SELECT count(*)::int AS n FROM catalog.products WHERE company_slug = $1', [A]);
      expect(n).toBe(2);
      expect((await list(identity.token({ sub: '9100005', role: 'business_owner', biz: [`pharmacy:${A}`] }))).companies).toEqual([]);
    });

    it('answers an admin every company, with search over name and slug and paging', async () => {
      const all = await list(admin());
      expect(all.companies.map((c) => c.slug)).toEqual([A, B, COMPANY_SLUG.c, COMPANY_SLUG.none]);
      expect(all.companies.map((c) => c.productsCount)).toEqual([2, 2, 2, 0]);
      expect(all.companies[2]).toMatchObject({ logoUrl: null, licenceNumber: null });
      expect((await list(admin(), { search: 'גימל' })).companies.map((c) => c.slug)).toEqual([COMPANY_SLUG.c]);
      expect((await list(admin(), { search: 'ct-bet' })).companies.map((c) => c.slug)).toEqual([B]);
      expect(await list(admin(), { search: 'אין כזאת' })).toMatchObject({ companies: [], total: 0 });
      expect(await list(admin(), { page: 2 })).toMatchObject({ companies: [], total: 4, currentPage: 2 });
    });

    it('refuses a patient (403), an anonymous caller (401) and a business access token (401)', async () => {
      await expect(list(patient())).rejects.toEqual({ status: 403, code: ErrorCodes.forbidden, message: Messages.unauthorized });
      await expect(call(Subjects.catalog.companyList, {})).rejects.toMatchObject({ status: 401 });
      await expect(list(alefStaff())).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('the access of every company subject', () => {
    const subjects = () => [
      [Subjects.catalog.companyGet, {}],
      [Subjects.catalog.companyProducts, {}],
      [Subjects.catalog.companySupplyUpdate, { productId: id(P.ginger), state: 'available' }],
      [Subjects.catalog.companySupplyEdits, { from: today(), to: today() }],
    ] as const;

    it("opens only with the business access token of that one company: none 401, an ordinary token 403, another company's 404", async () => {
      for (const [subject, payload] of subjects()) {
        const as = (caller?: string) => call(subject, { slug: A, ...payload }, caller);
        await expect(as()).rejects.toMatchObject({ status: 401 });
        for (const ordinary of [member(), admin(), patient()]) {
          await expect(as(ordinary)).rejects.toEqual({ status: 403, code: ErrorCodes.forbidden, message: CompanyMessages.accessRequired });
        }
        await expect(as(betStaff())).rejects.toEqual({ status: 404, code: ErrorCodes.notFound, message: CompanyMessages.companyNotFound });
        await expect(as(alefStaff())).resolves.toBeDefined();
        await expect(as(adminOf(A))).resolves.toBeDefined();
        // An admin's token may name any slug: one that is no company is not found.
        await expect(call(subject, { slug: 'ct-no-such-company', ...payload }, adminOf('ct-no-such-company')))
          .rejects.toEqual({ status: 404, code: ErrorCodes.notFound, message: CompanyMessages.companyNotFound });
      }
    });
  });

  describe('catalog.company.get and catalog.company.products', () => {
    it('answers the company', async () => {
      expect(await rpc(service.nc(), Subjects.catalog.companyGet, { slug: B }, { caller: betStaff() }))
        .toEqual({ slug: B, name: COMPANY.b, logoUrl: `/media/companies/${B}.svg`, licenceNumber: 'CT-LIC-2', productsCount: 2 });
      expect(await rpc(service.nc(), Subjects.catalog.companyGet, { slug: COMPANY_SLUG.none }, { caller: adminOf(COMPANY_SLUG.none) }))
        .toMatchObject({ slug: COMPANY_SLUG.none, productsCount: 0 });
    });

    it("answers the company's products by name, each with its report, searched by their names", async () => {
      const products = (payload: Record<string, unknown> = {}) => call<CompanyProductsPage>(Subjects.catalog.companyProducts, { slug: A, ...payload }, alefStaff());
      const page = await products();
      expect(page).toMatchObject({ total: 2, perPage: COMPANY_PAGE_SIZE.stock, currentPage: 1 });
      // 'זנגביל סגול' before 'שמן זנגביל סגול'; ct-amber (company a by name only) is not the record's.
      expect(page.products.map((p) => p.slug)).toEqual([P.ginger, P.gingerOil]);
      expect(page.products[0]).toMatchObject({
        id: id(P.ginger), name: 'זנגביל סגול T20/C4', imageUrl: `/media/products/${P.ginger}.svg`, thccbdDosage: 'T20/C4', yarpaProductId: 'CT-YRP-GINGER',
      });
      expect((await products({ search: 'שמן' })).products.map((p) => p.slug)).toEqual([P.gingerOil]);
      expect((await products({ search: 'purple ginger' })).products.map((p) => p.slug)).toEqual([P.ginger, P.gingerOil]);
      expect((await products({ search: 'זנגביק' })).products.map((p) => p.slug)).toEqual([P.ginger, P.gingerOil]);
      expect(await products({ search: 'צוקי' })).toMatchObject({ products: [], total: 0 });
      expect(await products({ page: 2 })).toMatchObject({ products: [], total: 2, currentPage: 2 });
    });
  });

  describe('catalog.company.supply-update', () => {
    const update = (payload: Record<string, unknown>, caller = alefStaff()) =>
      call<ProductSupply>(Subjects.catalog.companySupplyUpdate, { slug: A, productId: id(P.ginger), ...payload }, caller);
    const page = () => rpc(service.nc(), Subjects.catalog.productGet, { slug: P.ginger });

    it('sets the state, and the product page shows it within moments; `available` clears the day and the page shows none', async () => {
      const until = dayAfter(10);
      const saved = await update({ state: 'short', until, units: 40 });
      expect(saved).toEqual({ state: 'short', until, units: 40, updatedAt: expect.any(String) });
      const [row] = await service.sql<Record<string, unknown>>(
        'SELECT state, until::text AS until, units, edited_by, company_slug, updated_at FROM catalog.product_supply WHERE product_id = $1', [id(P.ginger)]);
      expect(row).toMatchObject({ state: 'short', until, units: 40, edited_by: 9100001, company_slug: A });
      expect((row.updated_at as Date).toISOString()).toBe(saved.updatedAt);
      await waitFor('the product page with the report', page, { until: (p) => p.product.supply?.state === 'short', timeoutMs: 5000 });
      expect((await page()).product.supply).toEqual(saved);
      // The lists answer the card of the same product (a card draws no supply report).
      const listed = await rpc(service.nc(), Subjects.catalog.productList, parseProductListQuery({ inStock: '0' }));
      expect(listed.products.find((p) => p.slug === P.ginger)).toEqual(productCard((await page()).product));

      const out = await update({ state: 'out', until: dayAfter(30) }, adminOf(A));
      expect(out).toMatchObject({ state: 'out', until: dayAfter(30), units: null });
      await waitFor('the product page with the new report', page, { until: (p) => p.product.supply?.state === 'out', timeoutMs: 5000 });

      expect(await update({ state: 'available', until: dayAfter(5), units: 100 })).toMatchObject({ state: 'available', until: null, units: 100 });
      await waitFor('the product page without a report', page, { until: (p) => p.product.supply === null, timeoutMs: 5000 });
      const [cleared] = await service.sql('SELECT state, until, units FROM catalog.product_supply WHERE product_id = $1', [id(P.ginger)]);
      expect(cleared).toEqual({ state: 'available', until: null, units: 100 });
      // The company's own stock page shows every report, `available` too; a product never reported has none.
      const { products } = await rpc(service.nc(), Subjects.catalog.companyProducts, { slug: A }, { caller: alefStaff() });
      expect(products.map((p) => [p.slug, p.supply && { state: p.supply.state, until: p.supply.until, units: p.supply.units }]))
        .toEqual([[P.ginger, { state: 'available', until: null, units: 100 }], [P.gingerOil, null]]);
    });

    it('refuses a day already past in Israel, a day that is none, a missing day, a bad state or units (400), and writes nothing', async () => {
      const before = await service.sql('SELECT count(*)::int AS n FROM catalog.supply_edits');
      // 22:30 UTC on 10 March is already 11 March in Israel: the 10th is past, the 11th is today.
      service.clock().set('2027-03-10T22:30:00Z');
      await expect(update({ state: 'short', until: '2027-03-10' })).rejects.toEqual({ status: 400, code: ErrorCodes.badRequest, message: CompanyMessages.untilInPast });
      await expect(update({ state: 'short', until: '2027-03-11' })).resolves.toMatchObject({ state: 'short', until: '2027-03-11' });
      service.clock().reset();
      await expect(update({ state: 'out', until: dayAfter(-1) })).rejects.toMatchObject({ status: 400, message: CompanyMessages.untilInPast });
      await expect(update({ state: 'out', until: '2099-02-30' })).rejects.toMatchObject({ status: 400, message: CompanyMessages.untilRequired });
      await expect(update({ state: 'out' })).rejects.toMatchObject({ status: 400, message: CompanyMessages.untilRequired });
      await expect(update({ state: 'out', until: '12/01/2099' })).rejects.toMatchObject({ status: 400, message: CompanyMessages.untilRequired });
      await expect(update({ state: 'gone' })).rejects.toMatchObject({ status: 400, message: CompanyMessages.invalidSupplyState });
      await expect(update({ state: 'short', until: dayAfter(3), units: -1 })).rejects.toMatchObject({ status: 400, message: CompanyMessages.invalidUnits });
      const after = await service.sql('SELECT count(*)::int AS n FROM catalog.supply_edits');
      expect((after[0].n as number) - (before[0].n as number)).toBe(1);
    });

    it("answers 404 for a product that is not the company's (another company's, one named by the company's name only, none)", async () => {
      for (const slug of [P.cliffs, P.amber]) {
        await expect(update({ productId: id(slug), state: 'short', until: dayAfter(3) }))
          .rejects.toEqual({ status: 404, code: ErrorCodes.notFound, message: CompanyMessages.productNotOfCompany });
      }
      await expect(update({ productId: 2_000_000_000, state: 'available' })).rejects.toMatchObject({ status: 404, message: CompanyMessages.productNotOfCompany });
      await expect(update({ productId: id(P.cliffs), slug: B, state: 'short', until: dayAfter(3) })).rejects.toMatchObject({ status: 404, message: CompanyMessages.companyNotFound });
    });
  });

  describe('catalog.company.supply-edits', () => {
    const edits = (payload: Record<string, unknown>, slug: string = B, caller = betStaff()) =>
      call<SupplyEditsPage>(Subjects.catalog.companySupplyEdits, { slug, ...payload }, caller);
    const report = (productSlug: string, payload: Record<string, unknown>, at: string) => {
      service.clock().set(at);
      return call<ProductSupply>(Subjects.catalog.companySupplyUpdate, { slug: B, productId: id(productSlug), ...payload }, betStaff());
    };

    it("answers the company's own edits made within the period (Israel's days), newest first, of one product or all", async () => {
      // 21:30 UTC on 1 June 2027 is 2 June in Israel (summer time, +3).
      await report(P.cliffs, { state: 'short', until: '2027-07-01', units: 5 }, '2027-06-01T20:30:00Z');
      await report(P.sage, { state: 'out', until: '2027-07-10' }, '2027-06-01T21:30:00Z');
      await report(P.cliffs, { state: 'available' }, '2027-06-05T09:00:00Z');
      service.clock().reset();

      const all = await edits({ from: '2027-06-01', to: '2027-06-30' });
      expect(all).toEqual({
        edits: [
          { productId: id(P.cliffs), productName: 'צוקי הגולן T15/C3', state: 'available', until: null, units: null, editedAt: '2027-06-05T09:00:00.000Z' },
          { productId: id(P.sage), productName: 'מרווה כחולה T10/C10', state: 'out', until: '2027-07-10', units: null, editedAt: '2027-06-01T21:30:00.000Z' },
          { productId: id(P.cliffs), productName: 'צוקי הגולן T15/C3', state: 'short', until: '2027-07-01', units: 5, editedAt: '2027-06-01T20:30:00.000Z' },
        ],
        total: 3, perPage: COMPANY_PAGE_SIZE.supplyEdits, currentPage: 1,
      });
      expect((await edits({ from: '2027-06-01', to: '2027-06-01' })).edits.map((e) => e.editedAt)).toEqual(['2027-06-01T20:30:00.000Z']);
      expect((await edits({ from: '2027-06-02', to: '2027-06-04' })).edits.map((e) => e.productId)).toEqual([id(P.sage)]);
      expect((await edits({ from: '2027-06-01', to: '2027-06-30', productId: id(P.cliffs) })).edits.map((e) => e.state)).toEqual(['available', 'short']);
      expect(await edits({ from: '2027-06-01', to: '2027-06-30', page: 2 })).toMatchObject({ edits: [], total: 3, currentPage: 2 });
      // Another company's history holds none of them.
      expect((await edits({ from: '2027-06-01', to: '2027-06-30' }, A, alefStaff())).total).toBe(0);
      // The edits' rows keep the editor's id, never a name.
      const [row] = await service.sql<Record<string, unknown>>(`SELECT * FROM catalog.supply_edits WHERE product_id = $1 ORDER BY id DESC LIMIT 1`, [id(P.cliffs)]);
      expect(Object.keys(row).sort()).toEqual(['company_slug', 'edited_at', 'edited_by', 'id', 'product_id', 'state', 'units', 'until']);
      expect(row.edited_by).toBe(9100002);
    });

    it("refuses a period that is no period (400) and another company's product (404)", async () => {
      for (const period of [{ from: '2027-06-30', to: '2027-06-01' }, { from: '2027-02-30', to: '2027-03-01' }, { from: '2025-01-01', to: '2027-01-02' }, { from: 'yesterday', to: '2027-01-01' }, { to: '2027-01-01' }]) {
        await expect(edits(period)).rejects.toMatchObject({ status: 400, message: CompanyMessages.invalidPeriod });
      }
      await expect(edits({ from: '2025-01-01', to: '2026-12-31' })).resolves.toBeDefined();
      await expect(edits({ from: '2027-06-01', to: '2027-06-30', productId: id(P.ginger) })).rejects.toMatchObject({ status: 404, message: CompanyMessages.productNotOfCompany });
    });
  });

  describe("products' companies", () => {
    it("publishes the company's slug in `product changed`, and a product given to another company loses the old company's report", async () => {
      const products = service.app().get(ProductsWriter);
      const input = testProducts().find((p) => p.slug === P.polar)!;
      await call(Subjects.catalog.companySupplyUpdate, { slug: COMPANY_SLUG.c, productId: id(P.polar), state: 'short', until: dayAfter(7) }, identity.companyToken('9100006', COMPANY_SLUG.c));
      try {
        expect(await products.upsert({ ...input, companySlug: COMPANY_SLUG.none })).toBe(true);
        const [event] = await service.sql<{ data: { product: Record<string, unknown> } }>(
          `SELECT envelope -> 'data' AS data FROM catalog.outbox WHERE subject = $1 AND envelope -> 'data' -> 'product' ->> 'slug' = $2 ORDER BY id DESC LIMIT 1`,
          [Events.catalog.productChanged, P.polar]);
        expect(event.data.product).toMatchObject({ company: 'חברה דלת', companySlug: COMPANY_SLUG.none });
        expect(await service.sql('SELECT * FROM catalog.product_supply WHERE product_id = $1', [id(P.polar)])).toEqual([]);
        await waitFor('the product under its new company', () => rpc(service.nc(), Subjects.catalog.productGet, { slug: P.polar }),
          { until: (p) => p.product.info.companySlug === COMPANY_SLUG.none && p.product.supply === null, timeoutMs: 5000 });
        await expect(products.upsert({ ...input, companySlug: 'ct-no-such-company' })).rejects.toThrow('unknown companies');
      } finally {
        await products.upsert(input);
      }
      expect((await rpc(service.nc(), Subjects.catalog.productGet, { slug: P.polar })).product.info).toMatchObject({ company: COMPANY.c, companySlug: COMPANY_SLUG.c });
    });

    it("serves the company's generated logo", async () => {
      const logo = await rpc(service.nc(), Subjects.catalog.mediaGet, { slug: A, kind: 'company' });
      expect(logo.contentType).toBe('image/svg+xml');
      expect(logo.body).toContain(`aria-label="${COMPANY.a}"`);
      await expect(rpc(service.nc(), Subjects.catalog.mediaGet, { slug: 'ct-no-such-company', kind: 'company' })).rejects.toMatchObject({ status: 404 });
    });
  });
});

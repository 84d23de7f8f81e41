import { Body, Controller, Get, Header, HttpException, Inject, Param, Patch, Query, StreamableFile, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiBadRequestResponse, ApiBearerAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiQuery, ApiTags, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  COMPANY_REPORT_MAX_ROWS, CompanySupplyCommand, ErrorCodes, Messages, Subjects,
  type CompanyListPage, type CompanyPage, type CompanyStockHistory, type CompanyStockPage, type MarketFigures, type PricesReportPage,
  type PricesReportRow, type ProductMarket, type ProductSupply, type StockReportPage, type StockReportRow,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { forwarded } from '../clients/service-client';
import { RequestBody } from '../docs/request-bodies';
import { asNumber, asText } from '../http/query-values';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import { REPORT_FORMATS, reportFile, type ReportColumn, type ReportFormat } from './report-files';

/** Downloads build a whole file: 30 a minute per user is plenty for a person, and bounds the work (pages are not counted). */
const DOWNLOAD_LIMIT: RateLimitRule = {
  name: 'company-report', per: 'user', count: 30, windowSeconds: 60,
  when: (request) => (request.query as Record<string, unknown> | undefined)?.format !== undefined,
};

const NO_MARKET: MarketFigures = { pharmaciesInStock: 0, pharmaciesOffering: 0, units: 0, lowestPrice: null, medianPrice: null, highestPrice: null };

const shekels = (agorot: number | null) => (agorot === null ? null : agorot / 100);
const israelDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit', day: '2-digit' });
const day = (iso: string | null) => (iso ? israelDate.format(new Date(iso)) : null);

const STOCK_COLUMNS: ReportColumn<StockReportRow>[] = [
  { header: 'מוצר', value: (r) => r.productName, width: 36 },
  { header: 'בית מרקחת', value: (r) => r.pharmName, width: 30 },
  { header: 'עיר', value: (r) => r.city },
  { header: 'מחוז', value: (r) => r.district },
  { header: 'במלאי', value: (r) => (r.inStock ? 'כן' : 'לא'), width: 8 },
  { header: 'יחידות', value: (r) => r.amount, width: 10 },
  { header: 'מחיר (₪)', value: (r) => shekels(r.price), width: 10, numFmt: '0.00' },
  { header: 'אזל מאז', value: (r) => day(r.outSince), width: 12 },
];

const PRICE_COLUMNS: ReportColumn<PricesReportRow>[] = [
  { header: 'תאריך', value: (r) => r.day, width: 12 },
  { header: 'מוצר', value: (r) => r.productName, width: 36 },
  { header: 'חברה', value: (r) => r.company, width: 20 },
  { header: 'בתי מרקחת עם מלאי', value: (r) => r.pharmaciesInStock, width: 12 },
  { header: 'מחיר נמוך (₪)', value: (r) => shekels(r.lowestPrice), numFmt: '0.00' },
  { header: 'מחיר חציוני (₪)', value: (r) => shekels(r.medianPrice), numFmt: '0.00' },
  { header: 'מחיר גבוה (₪)', value: (r) => shekels(r.highestPrice), numFmt: '0.00' },
];

const formatOf = (raw: unknown): ReportFormat | undefined => {
  if (raw === undefined || raw === '') return undefined;
  if ((REPORT_FORMATS as readonly unknown[]).includes(raw)) return raw as ReportFormat;
  throw new HttpException({ statusCode: 400, code: ErrorCodes.badRequest, message: Messages.badRequest }, 400);
};

/**
 * Cannabis companies (API.md "Cannabis companies"). The list and the prices report take the session's token; every
 * `/cannabis-company/{slug}` route takes the business access token of that company as the bearer. The gateway forwards
 * the slug from the path and the services decide (`@RequireCompany()`, `@RequireAdmin()`); it composes catalog's part
 * (the company, its products and their supply) with pharm's (the market), and writes the downloads.
 */
@ApiTags('cannabis companies')
@Controller('manage')
@UseGuards(AuthGuard('company-jwt'))
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'no valid token' })
@ApiForbiddenResponse({ description: "an ordinary token on a company's route ('יש לפתוח את החברה מחדש'); a patient; a company without the stock report" })
@ApiNotFoundResponse({ description: "'החברה לא נמצאה': a token of another company, or no such company" })
export class CompaniesController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('cannabis-company')
  @Header('cache-control', 'no-store')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false, description: 'admins: the name or slug' })
  @ApiOkResponse({ description: "{ companies, total, perPage, currentPage }: the caller's companies (an admin: every company)" })
  list(@Query() query: Record<string, unknown>): Promise<CompanyListPage> {
    return this.clients.get('catalog').send(Subjects.catalog.companyList, { page: asNumber(query.page), search: asText(query.search) });
  }

  @Get('cannabis-company/:slug')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ description: '{ company, figures }: the card; products stocked, pharmacies stocking, stock-outs this week, the cheapest and dearest offer, the flags' })
  async company(@Param('slug') slug: string): Promise<CompanyPage> {
    const [company, figures] = await Promise.all([
      this.clients.get('catalog').send(Subjects.catalog.companyGet, { slug }),
      this.clients.get('pharm').send(Subjects.pharm.companyFigures, { slug }),
    ]);
    return { company, figures };
  }

  @Get('cannabis-company/:slug/stock')
  @Header('cache-control', 'no-store')
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false })
  @ApiOkResponse({ description: "{ products, total, perPage, currentPage }: each product with the company's supply state and the market (by district)" })
  @ApiBadRequestResponse({ description: 'a page or search that is not valid' })
  async stock(@Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<CompanyStockPage> {
    const page = await this.clients.get('catalog').send(Subjects.catalog.companyProducts, { slug, page: asNumber(query.page), search: asText(query.search) });
    const productIds = page.products.map((p) => p.id);
    const market = productIds.length ? await this.clients.get('pharm').send(Subjects.pharm.companyMarket, { slug, productIds }) : { products: [] };
    const byId = new Map<number, ProductMarket>(market.products.map((m) => [m.productId, m]));
    return { ...page, products: page.products.map((p) => ({ ...p, market: byId.get(p.id) ?? { productId: p.id, ...NO_MARKET, districts: [] } })) };
  }

  @Patch('cannabis-company/:slug/stock')
  @ApiOkResponse({ description: '{ state, until, units, updatedAt }: the supply state as saved' })
  @ApiBadRequestResponse({ description: "a state, date or units that is not valid ('יש לבחור תאריך', 'התאריך כבר עבר', …)" })
  @RequestBody(CompanySupplyCommand)
  supply(@Param('slug') slug: string, @Body() body: CompanySupplyCommand | undefined): Promise<ProductSupply> {
    return this.clients.get('catalog').send(Subjects.catalog.companySupplyUpdate, { ...forwarded(body), slug });
  }

  @Get('cannabis-company/:slug/stock-history')
  @Header('cache-control', 'no-store')
  @ApiQuery({ name: 'from', description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'to', description: 'YYYY-MM-DD (at most 731 days after from)' })
  @ApiQuery({ name: 'productId', required: false, description: "one of the company's products; absent: all of them" })
  @ApiQuery({ name: 'page', required: false, description: 'of the supply edits' })
  @ApiOkResponse({ description: "{ days: [{ day, pharmaciesInStock, units, medianPrice }], edits }: the daily snapshots and the company's own supply edits" })
  @ApiBadRequestResponse({ description: "'התקופה אינה תקינה'" })
  async history(@Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<CompanyStockHistory> {
    // A missing date goes on as undefined for the services' own 400.
    const period = { slug, from: asText(query.from) as string, to: asText(query.to) as string, productId: asNumber(query.productId) };
    const [history, edits] = await Promise.all([
      this.clients.get('pharm').send(Subjects.pharm.companyStockHistory, period),
      this.clients.get('catalog').send(Subjects.catalog.companySupplyEdits, { ...period, page: asNumber(query.page) }),
    ]);
    return { days: history.days, edits };
  }

  @Get('cannabis-company/:slug/stock-report')
  @RateLimit(DOWNLOAD_LIMIT)
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'format', required: false, description: '`csv` or `xlsx`: every row as a download (Hebrew headers, right to left)' })
  @ApiProduces('application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({ description: "{ rows, districts, total, perPage, currentPage }: every offer of the company's products, by district, city and pharmacy" })
  stockReport(@Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<StockReportPage | StreamableFile> {
    return this.report(Subjects.pharm.companyStockReport, slug, query, `stock-report-${slug}`, 'דוח מלאי');
  }

  @Get('cannabis-company/:slug/stock-outs')
  @RateLimit(DOWNLOAD_LIMIT)
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'format', required: false, description: '`csv` or `xlsx`' })
  @ApiProduces('application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({ description: "{ rows, districts, total, perPage, currentPage }: the offers of the company's products out of stock now, since when" })
  stockOuts(@Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<StockReportPage | StreamableFile> {
    return this.report(Subjects.pharm.companyStockOuts, slug, query, `stock-outs-${slug}`, 'חוסרים');
  }

  @Get('prices-report')
  @RateLimit(DOWNLOAD_LIMIT)
  @ApiQuery({ name: 'from', description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'to', description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'company', required: false, description: "a company's slug" })
  @ApiQuery({ name: 'page', required: false })
  @ApiQuery({ name: 'format', required: false, description: '`csv` or `xlsx`' })
  @ApiProduces('application/json', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({ description: "{ rows: [{ day, productId, productName, company, pharmaciesInStock, lowestPrice, medianPrice, highestPrice }], … }: admins only" })
  async pricesReport(@Query() query: Record<string, unknown>): Promise<PricesReportPage | StreamableFile> {
    const format = formatOf(query.format);
    const request = { from: asText(query.from) as string, to: asText(query.to) as string, company: asText(query.company) };
    const pharm = this.clients.get('pharm');
    if (!format) return pharm.send(Subjects.pharm.pricesReport, { ...request, page: asNumber(query.page) });
    const rows = await allRows((page) => pharm.send(Subjects.pharm.pricesReport, { ...request, page, download: true }));
    return download(format, PRICE_COLUMNS, rows, `prices-report-${asText(query.from) ?? ''}-${asText(query.to) ?? ''}`, 'דוח מחירים');
  }

  private async report(subject: typeof Subjects.pharm.companyStockReport | typeof Subjects.pharm.companyStockOuts, slug: string, query: Record<string, unknown>, fileName: string, sheetName: string) {
    const format = formatOf(query.format);
    const pharm = this.clients.get('pharm');
    const search = asText(query.search);
    if (!format) return pharm.send(subject, { slug, search, page: asNumber(query.page) });
    const rows = await allRows((page) => pharm.send(subject, { slug, search, page, download: true }));
    return download(format, STOCK_COLUMNS, rows, fileName, sheetName);
  }
}

/** Every row of a report, page after page (a page is well under NATS's 1 MB), at most `COMPANY_REPORT_MAX_ROWS`. */
async function allRows<Row>(page: (n: number) => Promise<{ rows: Row[]; total: number }>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let n = 1; ; n++) {
    const next = await page(n);
    rows.push(...next.rows);
    if (!next.rows.length || rows.length >= Math.min(next.total, COMPANY_REPORT_MAX_ROWS)) return rows.slice(0, COMPANY_REPORT_MAX_ROWS);
  }
}

async function download<Row>(format: ReportFormat, columns: ReportColumn<Row>[], rows: Row[], fileName: string, sheetName: string): Promise<StreamableFile> {
  const { body, type } = await reportFile(format, columns, rows, sheetName);
  const stamp = israelDate.format(new Date());
  return new StreamableFile(body, { type, disposition: `attachment; filename="${fileName}-${stamp}.${format}"`, length: body.length });
}

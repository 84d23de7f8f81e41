import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { BUSINESS_MAX_PAGE, BUSINESS_SEARCH_MAX_LENGTH } from '../business/common';
import { SLUG_PATTERN } from '../catalog/product';
import { INT4_MAX, IntInRange, NoControlChars } from '../forms/decorators';
import { Messages } from '../messages';

export * from './period';

/**
 * Cannabis companies (issue 29, API.md "Cannabis companies"). Catalog owns the companies, their products and the
 * supply state their staff report; pharm owns the market (offers, stock-outs, the daily stock snapshots). Every
 * company call is made with the business access token of that one company (`POST /api/businesses/company:{slug}/access`).
 */

/** Rows per page of the company screens. */
export const COMPANY_PAGE_SIZE = { companies: 20, stock: 20, supplyEdits: 20, report: 100, stockOuts: 50, download: 2000, pricesReport: 100 } as const;
/** Rows a CSV or XLSX download holds at most (a company's whole market fits far below it). */
export const COMPANY_REPORT_MAX_ROWS = 50_000;

export const SUPPLY_STATES = ['available', 'short', 'out'] as const;
export type SupplyState = (typeof SUPPLY_STATES)[number];

/** The messages of the company screens (ours: the spec shows none). */
export const CompanyMessages = {
  companyNotFound: 'החברה לא נמצאה',
  accessRequired: 'יש לפתוח את החברה מחדש',
  reportNotEnabled: 'הדוח אינו זמין לחברה זו',
  productNotOfCompany: 'המוצר אינו של החברה',
  invalidSupplyState: 'יש לבחור מצב אספקה',
  untilRequired: 'יש לבחור תאריך',
  untilInPast: 'התאריך כבר עבר',
  invalidUnits: 'מספר היחידות אינו תקין',
  invalidPeriod: 'התקופה אינה תקינה',
} as const;

const invalid = { message: Messages.badRequest };
const companyNotFound = { message: CompanyMessages.companyNotFound };
const toNumber = ({ value }: { value: unknown }) => (value === undefined || value === null || value === '' ? undefined : Number(value));
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A company's slug; anything else is a company that does not exist. */
export class CompanyRequest {
  @IsString(companyNotFound) @MaxLength(100, companyNotFound) @Matches(SLUG_PATTERN, companyNotFound)
  slug: string;
}

export class CompanyPageRequest extends CompanyRequest {
  @IsOptional() @Transform(toNumber) @IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)
  page?: number;

  @IsOptional() @IsString(invalid) @MaxLength(BUSINESS_SEARCH_MAX_LENGTH, invalid) @NoControlChars(Messages.badRequest)
  search?: string;
}

/** `GET /api/manage/cannabis-company` (`catalog.company.list`): the caller's companies; an admin's search finds any. */
export class CompanyListRequest {
  @IsOptional() @Transform(toNumber) @IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)
  page?: number;

  @IsOptional() @IsString(invalid) @MaxLength(BUSINESS_SEARCH_MAX_LENGTH, invalid) @NoControlChars(Messages.badRequest)
  search?: string;
}

/** `PATCH …/stock` (`catalog.company.supply-update`): the company's own supply state of one of its products. */
export class CompanySupplyCommand extends CompanyRequest {
  @Transform(toNumber) @IntInRange(1, INT4_MAX, Messages.badRequest)
  productId: number;

  @IsIn(SUPPLY_STATES as unknown as string[], { message: CompanyMessages.invalidSupplyState })
  state: SupplyState;

  /** Required for `short` and `out` (until when, the company expects); absent for `available`. */
  @ValidateIf((o: CompanySupplyCommand) => o.state !== 'available' || (o.until !== undefined && o.until !== null))
  @IsString({ message: CompanyMessages.untilRequired }) @Matches(DATE_PATTERN, { message: CompanyMessages.untilRequired })
  until?: string | null;

  /** Units the company can still supply, where it knows (0 – 1,000,000). */
  @IsOptional() @Transform(toNumber) @IntInRange(0, 1_000_000, CompanyMessages.invalidUnits)
  units?: number | null;
}

/** A period of days (`from`, `to`: YYYY-MM-DD, Israel's calendar; at most `COMPANY_HISTORY_MAX_DAYS`). */
export class CompanyPeriodRequest extends CompanyRequest {
  @IsString({ message: CompanyMessages.invalidPeriod }) @Matches(DATE_PATTERN, { message: CompanyMessages.invalidPeriod })
  from: string;

  @IsString({ message: CompanyMessages.invalidPeriod }) @Matches(DATE_PATTERN, { message: CompanyMessages.invalidPeriod })
  to: string;

  /** One product of the company; absent: the company's products together. */
  @IsOptional() @Transform(toNumber) @IntInRange(1, INT4_MAX, Messages.badRequest)
  productId?: number;

  @IsOptional() @Transform(toNumber) @IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)
  page?: number;
}

/**
 * The stock report and the stock-outs (`pharm.company.stock-report`, `pharm.company.stock-outs`): a page of the screen's
 * size, or with `download` a page of `COMPANY_PAGE_SIZE.download` rows (the gateway reads page after page into the file).
 */
export class CompanyReportRequest extends CompanyRequest {
  @IsOptional() @IsBoolean(invalid)
  download?: boolean;

  @IsOptional() @Transform(toNumber) @IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)
  page?: number;

  @IsOptional() @IsString(invalid) @MaxLength(BUSINESS_SEARCH_MAX_LENGTH, invalid) @NoControlChars(Messages.badRequest)
  search?: string;
}

/** The admin's prices report (`pharm.company.prices-report`): prices per product across pharmacies, per day. */
export class PricesReportRequest {
  @IsOptional() @IsBoolean(invalid)
  download?: boolean;

  @IsString({ message: CompanyMessages.invalidPeriod }) @Matches(DATE_PATTERN, { message: CompanyMessages.invalidPeriod })
  from: string;

  @IsString({ message: CompanyMessages.invalidPeriod }) @Matches(DATE_PATTERN, { message: CompanyMessages.invalidPeriod })
  to: string;

  @IsOptional() @IsString(invalid) @Matches(SLUG_PATTERN, invalid) @MaxLength(100, invalid)
  company?: string;

  @IsOptional() @Transform(toNumber) @IntInRange(1, BUSINESS_MAX_PAGE, Messages.badRequest)
  page?: number;
}

/** A company as catalog keeps it. */
export interface Company {
  slug: string;
  name: string;
  logoUrl: string | null;
  licenceNumber: string | null;
  productsCount: number;
}

export interface CompanyListPage {
  companies: Company[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** The supply state a company's staff report for one product; `until` YYYY-MM-DD for `short` and `out`. */
export interface ProductSupply {
  state: SupplyState;
  until: string | null;
  units: number | null;
  updatedAt: string;
}

/** A company's product on its stock page (catalog's part). */
export interface CompanyProduct {
  id: number;
  slug: string;
  name: string;
  imageUrl: string | null;
  thccbdDosage: string | null;
  yarpaProductId: string | null;
  supply: ProductSupply | null;
}

export interface CompanyProductsPage {
  products: CompanyProduct[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** One supply edit (the history of the company's own reports). */
export interface SupplyEdit {
  productId: number;
  productName: string;
  state: SupplyState;
  until: string | null;
  units: number | null;
  editedAt: string;
}

export interface SupplyEditsPage {
  edits: SupplyEdit[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** Prices in agorot over the in-stock offers; null where nothing is in stock. */
export interface MarketFigures {
  pharmaciesInStock: number;
  pharmaciesOffering: number;
  /** Units where the pharmacies report them (offers with an amount). */
  units: number;
  lowestPrice: number | null;
  medianPrice: number | null;
  highestPrice: number | null;
}

/** `pharm.company.market`: the market of each of the given products, and by district. */
export class CompanyMarketRequest extends CompanyRequest {
  @IsArray(invalid) @ArrayMaxSize(COMPANY_PAGE_SIZE.stock, invalid) @IsInt({ ...invalid, each: true }) @Min(1, { ...invalid, each: true }) @Max(INT4_MAX, { ...invalid, each: true })
  productIds: number[];
}

export interface ProductMarket extends MarketFigures {
  productId: number;
  districts: ({ district: string } & MarketFigures)[];
}

export interface CompanyMarket {
  products: ProductMarket[];
}

/** A product of the company on the stock page: catalog's product and supply, pharm's market. */
export interface CompanyStockRow extends CompanyProduct {
  market: ProductMarket;
}

export interface CompanyStockPage {
  products: CompanyStockRow[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** An offer as the figures name it (the cheapest, the dearest). */
export interface CompanyOfferRef {
  price: number;
  productId: number;
  productName: string;
  pharmSlug: string;
  pharmName: string;
  city: string;
}

/** `pharm.company.figures`: the company page's figures over its products. */
export interface CompanyFigures {
  productsStocked: number;
  pharmaciesStocking: number;
  /** Offers of the company's products that ran out in the last 7 days. */
  stockOutsThisWeek: number;
  cheapest: CompanyOfferRef | null;
  dearest: CompanyOfferRef | null;
  /** Each product with the pharmacies that stock it now, most stocked first. */
  products: { productId: number; productName: string; pharmaciesInStock: number }[];
  /** The company's flags (back-office.md §6): the stock report is on only for the configured companies. */
  features: CompanyFeatures;
}

export interface CompanyFeatures {
  stockHistory: boolean;
  stockReport: boolean;
  stockOuts: boolean;
}

/** `GET /api/manage/cannabis-company/{slug}`: the company's card and figures. */
export interface CompanyPage {
  company: Company;
  figures: CompanyFigures;
}

/** One day of stock history (a daily snapshot): of one product, or of the company's products summed (median over them). */
export interface StockDay {
  day: string;
  pharmaciesInStock: number;
  units: number;
  medianPrice: number | null;
}

export interface StockHistory {
  days: StockDay[];
}

/** `GET …/stock-history`: the snapshots over the period and the company's own supply edits. */
export interface CompanyStockHistory {
  days: StockDay[];
  edits: SupplyEditsPage;
}

/** One row of the stock report: an offer of the company's product at a pharmacy. */
export interface StockReportRow {
  productId: number;
  productName: string;
  pharmSlug: string;
  pharmName: string;
  city: string;
  district: string;
  inStock: boolean;
  /** Units where the pharmacy reports them. */
  amount: number | null;
  price: number;
  /** When it ran out (ISO), for an offer out of stock. */
  outSince: string | null;
}

export interface StockReportPage {
  rows: StockReportRow[];
  /** Per district: pharmacies offering and in stock. */
  districts: { district: string; offers: number; inStock: number }[];
  total: number;
  perPage: number;
  currentPage: number;
}

/** One row of the prices report: a product's prices across pharmacies on one day. */
export interface PricesReportRow {
  day: string;
  productId: number;
  productName: string;
  company: string | null;
  pharmaciesInStock: number;
  lowestPrice: number | null;
  medianPrice: number | null;
  highestPrice: number | null;
}

export interface PricesReportPage {
  rows: PricesReportRow[];
  total: number;
  perPage: number;
  currentPage: number;
}

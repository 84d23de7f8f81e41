import type {
  CompanyListPage, CompanyPage, CompanyStockHistory, CompanyStockPage, PricesReportPage, ProductSupply, StockReportPage, SupplyState,
} from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch, apiResponse } from '../../kit/api/client';
import { companyFetch, companyResponse } from './access';
import { saveResponse } from './download';

/** `?a=1&b=2` of the given values (none, empty and page 1 left out), or ''. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === '' || (name === 'page' && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where a company's calls go: /api/manage/cannabis-company/{slug}/… */
export const companyPath = (slug: string, rest = '') => `/manage/cannabis-company/${encodeURIComponent(slug)}${rest}`;

/** Every cached answer of one company starts with this key, so a save can refetch them all. */
export const companyKey = (slug: string) => ['company', slug] as const;

/** `GET /api/manage/cannabis-company?search&page` (the session): the manager's companies; an admin's every company. */
export const companiesQuery = (page: number, search: string | undefined) =>
  queryOptions({
    queryKey: ['companies', page, search ?? ''] as const,
    queryFn: ({ signal }) => apiFetch<CompanyListPage>(`/manage/cannabis-company${queryString({ search, page })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** `GET …/{slug}`: the card and figures (the first call of the company: it obtains the token). */
export const companyQuery = (slug: string) =>
  queryOptions({
    queryKey: [...companyKey(slug), 'page'] as const,
    queryFn: ({ signal }) => companyFetch<CompanyPage>(slug, companyPath(slug), { signal }),
    staleTime: 30_000,
  });

export const companyStockQuery = (slug: string, page: number, search: string | undefined) =>
  queryOptions({
    queryKey: [...companyKey(slug), 'stock', page, search ?? ''] as const,
    queryFn: ({ signal }) => companyFetch<CompanyStockPage>(slug, companyPath(slug, `/stock${queryString({ search, page })}`), { signal }),
    placeholderData: keepPreviousData,
  });

export interface SupplyEditBody {
  productId: number;
  state: SupplyState;
  until?: string;
  units?: number;
}

/** `PATCH …/stock`: the company's own supply state of one product; a 400 carries the Hebrew message of the field. */
export const updateSupply = (slug: string, body: SupplyEditBody) =>
  companyFetch<ProductSupply>(slug, companyPath(slug, '/stock'), { method: 'PATCH', body: JSON.stringify(body) });

export interface HistoryParams {
  from: string;
  to: string;
  productId?: number;
  page: number;
}

export const stockHistoryQuery = (slug: string, { from, to, productId, page }: HistoryParams) =>
  queryOptions({
    queryKey: [...companyKey(slug), 'history', from, to, productId ?? 0, page] as const,
    queryFn: ({ signal }) =>
      companyFetch<CompanyStockHistory>(slug, companyPath(slug, `/stock-history${queryString({ from, to, productId, page })}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** The two reports of where the company's products are: every offer, or only those out of stock now. */
export type ReportKind = 'stock-report' | 'stock-outs';
export type FileFormat = 'csv' | 'xlsx';

export const stockReportQuery = (slug: string, kind: ReportKind, page: number, search: string | undefined) =>
  queryOptions({
    queryKey: [...companyKey(slug), kind, page, search ?? ''] as const,
    queryFn: ({ signal }) => companyFetch<StockReportPage>(slug, companyPath(slug, `/${kind}${queryString({ search, page })}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** The report as a file (with the token, so not a plain link): saved under the server's name. */
export async function downloadStockReport(slug: string, kind: ReportKind, format: FileFormat, search: string | undefined): Promise<void> {
  const response = await companyResponse(slug, companyPath(slug, `/${kind}${queryString({ search, format })}`));
  await saveResponse(response, `${slug}-${kind}.${format}`);
}

export interface PricesParams {
  from: string;
  to: string;
  company?: string;
  page: number;
}

/** `GET /api/manage/prices-report` (the session; admins only). */
export const pricesReportQuery = ({ from, to, company, page }: PricesParams) =>
  queryOptions({
    queryKey: ['prices-report', from, to, company ?? '', page] as const,
    queryFn: ({ signal }) => apiFetch<PricesReportPage>(`/manage/prices-report${queryString({ from, to, company, page })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export async function downloadPricesReport({ from, to, company }: Omit<PricesParams, 'page'>, format: FileFormat): Promise<void> {
  const response = await apiResponse(`/manage/prices-report${queryString({ from, to, company, format })}`);
  await saveResponse(response, `prices-report.${format}`);
}

import { AUDIT_ACTIONS, PHARM_STATES, SLUG_PATTERN, type AuditAction, type PharmState } from '@mc/contracts';
import { createRoute, lazyRouteComponent, notFound, redirect } from '@tanstack/react-router';
import { requireManager } from '../../kit/auth/route-guards';
import { loadPart } from '../../kit/queries/route-data';
import { idParam, listSearch, pageParam, searchParam, type ListSearch } from '../../kit/router/list-search';
import { rootRoute } from '../../kit/router/root-route';
import { isDay, PERIOD_DAYS, type PeriodDays } from '../components/period';

/** The query modules the loaders ask from, imported when first needed (the pages import them too). */
const companyQueries = () => import('../queries/company');
const consoleQueries = () => import('../queries/console');

/**
 * The management area (spec §2, §4 'Management access', §6): for signed-in managers; a signed-out visitor goes home,
 * a signed-in non-manager is signed out and sent home. Each page is loaded lazily, and so is the query module its
 * loader asks from (`await import()`, as in the back office): only these definitions are in the storefront's first
 * load. Whether the manager may run a company is the access call's to say (403/404: the not-found page).
 */
const manageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/manage',
  beforeLoad: () => requireManager(),
});

const manageIndexRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/manage/cannabis-company', replace: true });
  },
});

/** The signed-in manager's companies (an admin: every company, and a search box). */
const companiesRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/cannabis-company',
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, deps }) => void loadPart(context, (await companyQueries()).companiesQuery(deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./companies.page'), 'CompaniesPage'),
});

/** /manage/cannabis-company/{slug}: the company's card and navigation around its pages; entering it obtains the company's token. */
const companyRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/cannabis-company/$slug',
  loader: async ({ context, params }) => void loadPart(context, (await companyQueries()).companyQuery(params.slug)),
  component: lazyRouteComponent(() => import('./CompanyLayout'), 'CompanyLayout'),
});

const companyMainRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./company.page'), 'CompanyMainPage'),
});

const companyStockRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/stock',
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await companyQueries()).companyStockQuery(params.slug, deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./stock.page'), 'StockPage'),
});

interface PeriodSearch {
  days?: PeriodDays;
  from?: string;
  to?: string;
}

/** A period in the address: a from–to of two days, or else one of the offered lengths (`days`), or none (the default). */
const periodSearch = (raw: Record<string, unknown>): PeriodSearch => {
  if (isDay(raw.from) && isDay(raw.to)) return { from: raw.from, to: raw.to };
  const days = Number(raw.days);
  return { days: (PERIOD_DAYS as readonly number[]).includes(days) ? (days as PeriodDays) : undefined };
};

/** The history's period: one of the offered lengths (`days`), or a from–to of the manager's; a product, a page of edits. */
export interface HistorySearch extends PeriodSearch {
  productId?: number;
  page?: number;
}

const companyHistoryRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/stock-history',
  validateSearch: (raw: Record<string, unknown>): HistorySearch => ({ ...periodSearch(raw), productId: idParam(raw.productId), page: pageParam(raw.page) }),
  component: lazyRouteComponent(() => import('./stock-history.page'), 'StockHistoryPage'),
});

const companyReportRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/stock-report',
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await companyQueries()).stockReportQuery(params.slug, 'stock-report', deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./stock-report.page'), 'StockReportPage'),
});

const companyStockOutsRoute = createRoute({
  getParentRoute: () => companyRoute,
  path: '/stock-outs',
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, params, deps }) => void loadPart(context, (await companyQueries()).stockReportQuery(params.slug, 'stock-outs', deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./stock-report.page'), 'StockOutsPage'),
});

export interface PricesSearch extends PeriodSearch {
  company?: string;
  page?: number;
}

/** The admins' prices report (spec §6: admin only). */
const pricesReportRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/prices-report',
  beforeLoad: ({ context }) => {
    if (!context.admin) throw notFound();
  },
  validateSearch: (raw: Record<string, unknown>): PricesSearch => {
    return {
      ...periodSearch(raw),
      company: typeof raw.company === 'string' && raw.company.length <= 100 && SLUG_PATTERN.test(raw.company) ? raw.company : undefined,
      page: pageParam(raw.page),
    };
  },
  component: lazyRouteComponent(() => import('./prices-report.page'), 'PricesReportPage'),
});

/** The operator's console (issue 30): admins only; another manager gets the not-found page (the services refuse them too). */
const adminOnly = ({ context }: { context: { admin: boolean } }) => {
  if (!context.admin) throw notFound();
};

export interface PharmsSearch extends ListSearch {
  state?: PharmState;
}

/** /manage/pharm: every pharmacy, searched, by state, paged. */
const pharmsRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/pharm',
  beforeLoad: adminOnly,
  validateSearch: (raw: Record<string, unknown>): PharmsSearch => ({
    ...listSearch(raw),
    state: (PHARM_STATES as readonly unknown[]).includes(raw.state) ? (raw.state as PharmState) : undefined,
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search, state: search.state }),
  loader: async ({ context, deps }) => void loadPart(context, (await consoleQueries()).managedPharmsQuery(deps.page, deps.search, deps.state)),
  component: lazyRouteComponent(() => import('./pharms.page'), 'PharmsPage'),
});

/** /manage/pharm/new: the onboarding of a pharmacy. */
const pharmNewRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/pharm/new',
  beforeLoad: adminOnly,
  component: lazyRouteComponent(() => import('./pharm-new.page'), 'PharmNewPage'),
});

/** /manage/pharm/{slug}: its details, state, fields and members. */
const pharmRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/pharm/$slug',
  beforeLoad: ({ context, params }) => {
    adminOnly({ context });
    if (!SLUG_PATTERN.test(params.slug) || params.slug.length > 100) throw notFound();
  },
  loader: async ({ context, params }) => void loadPart(context, (await consoleQueries()).managedPharmQuery(params.slug)),
  component: lazyRouteComponent(() => import('./pharm.page'), 'PharmPage'),
});

/** /manage/user: the accounts, searched by name, e-mail or phone. */
const usersRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/user',
  beforeLoad: adminOnly,
  validateSearch: listSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, deps }) => void loadPart(context, (await consoleQueries()).managedUsersQuery(deps.page, deps.search)),
  component: lazyRouteComponent(() => import('./users.page'), 'UsersPage'),
});

/** /manage/user/{id}: one account. */
const userRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/user/$id',
  beforeLoad: ({ context, params }) => {
    adminOnly({ context });
    if (idParam(params.id) === undefined) throw notFound();
  },
  loader: async ({ context, params }) => void loadPart(context, (await consoleQueries()).managedUserQuery(Number(params.id))),
  component: lazyRouteComponent(() => import('./user.page'), 'UserPage'),
});

export interface AuditSearch extends ListSearch {
  action?: AuditAction;
}

/** /manage/audit: the record of admin actions (`?search`, `?action`, `?page`). */
const auditRoute = createRoute({
  getParentRoute: () => manageRoute,
  path: '/audit',
  beforeLoad: adminOnly,
  validateSearch: (raw: Record<string, unknown>): AuditSearch => ({
    page: pageParam(raw.page),
    search: searchParam(raw.search),
    action: (AUDIT_ACTIONS as readonly unknown[]).includes(raw.action) ? (raw.action as AuditAction) : undefined,
  }),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search, action: search.action }),
  loader: async ({ context, deps }) => void loadPart(context, (await consoleQueries()).auditQuery(deps.page, deps.search, deps.action)),
  component: lazyRouteComponent(() => import('./audit.page'), 'AuditPage'),
});

export const manageRouteTree = manageRoute.addChildren([
  manageIndexRoute,
  companiesRoute,
  companyRoute.addChildren([companyMainRoute, companyStockRoute, companyHistoryRoute, companyReportRoute, companyStockOutsRoute]),
  pricesReportRoute,
  pharmsRoute,
  pharmNewRoute,
  pharmRoute,
  usersRoute,
  userRoute,
  auditRoute,
]);

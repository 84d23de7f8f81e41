import type {
  BusinessPharmProduct, BusinessPharmProductsPage, BusinessProductOptionsPage, OfferHistory, PharmProductFields,
} from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';
import { businessKey, businessPath } from './business';

const listParams = (page: number, search: string | undefined) => {
  const params = new URLSearchParams();
  if (page > 1) params.set('page', String(page));
  if (search) params.set('search', search);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const productsKey = (businessId: string) => [...businessKey(businessId), 'products'] as const;

/** `GET …/products?page&search`: the pharmacy's offers, grouped by dosage on screen. */
export const businessProductsQuery = (businessId: string, page: number, search: string | undefined) =>
  queryOptions({
    queryKey: [...productsKey(businessId), 'list', page, search ?? ''] as const,
    queryFn: ({ signal }) => apiFetch<BusinessPharmProductsPage>(businessPath(businessId, `/products${listParams(page, search)}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** `GET …/products/{id}`: one offer for the edit dialog. */
export const businessProductQuery = (businessId: string, id: number) =>
  queryOptions({
    queryKey: [...productsKey(businessId), 'one', id] as const,
    queryFn: ({ signal }) => apiFetch<{ pharmProduct: BusinessPharmProduct }>(businessPath(businessId, `/products/${id}`), { signal }),
  });

/** `GET …/products/{id}/history` (issue 31): the offer's latest changes of price, stock and publication, newest first. */
export const offerHistoryQuery = (businessId: string, id: number) =>
  queryOptions({
    queryKey: [...productsKey(businessId), 'history', id] as const,
    queryFn: ({ signal }) => apiFetch<OfferHistory>(businessPath(businessId, `/products/${id}/history`), { signal }),
  });

/** `GET …/product-options?page&search`: catalogue products the pharmacy does not offer yet. */
export const productOptionsQuery = (businessId: string, page: number, search: string | undefined) =>
  queryOptions({
    queryKey: [...productsKey(businessId), 'options', page, search ?? ''] as const,
    queryFn: ({ signal }) => apiFetch<BusinessProductOptionsPage>(businessPath(businessId, `/product-options${listParams(page, search)}`), { signal }),
    placeholderData: keepPreviousData,
  });

export const createProduct = (businessId: string, productSlug: string, fields: PharmProductFields) =>
  apiFetch<{ pharmProduct: BusinessPharmProduct }>(businessPath(businessId, '/products'), {
    method: 'POST', body: JSON.stringify({ ...fields, productSlug }),
  });

export const updateProducts = (businessId: string, edits: (PharmProductFields & { id: number })[]) =>
  apiFetch<{ pharmProducts: BusinessPharmProduct[] }>(businessPath(businessId, '/products'), {
    method: 'PATCH', body: JSON.stringify({ pharmProducts: edits }),
  });

export const removeProduct = (businessId: string, id: number) =>
  apiFetch<{ ok: true }>(businessPath(businessId, `/products/${id}`), { method: 'DELETE' });

export const bumpProduct = (businessId: string, id: number) =>
  apiFetch<{ pharmProduct: BusinessPharmProduct }>(businessPath(businessId, `/products/${id}/bump`), { method: 'POST' });

/** The owner confirms the offer's price and stock unchanged (issue 17: an offer not confirmed for 72 hours is not shown in stock). */
export const confirmProduct = (businessId: string, id: number) =>
  apiFetch<{ pharmProduct: BusinessPharmProduct }>(businessPath(businessId, `/products/${id}/confirm`), { method: 'POST' });

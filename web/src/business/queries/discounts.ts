import type { BusinessDiscount, BusinessDiscountsPage, DiscountFields, DiscountProductOptionsPage } from '@mc/contracts';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';
import { businessKey, businessPath } from './business';

export const discountsKey = (businessId: string) => [...businessKey(businessId), 'discounts'] as const;
const discountPath = (businessId: string, code: string) => businessPath(businessId, `/discounts/${encodeURIComponent(code)}`);

/** `GET …/discounts?page`: the page's rows. */
export const discountsQuery = (businessId: string, page: number) =>
  queryOptions({
    queryKey: [...discountsKey(businessId), page] as const,
    queryFn: ({ signal }) => apiFetch<BusinessDiscountsPage>(businessPath(businessId, `/discounts?page=${page}`), { signal }),
    placeholderData: keepPreviousData,
  });

/** `GET …/discounts/{code}`: the one being edited, asked for afresh each time the dialog opens. */
export const discountQuery = (businessId: string, code: string) =>
  queryOptions({
    queryKey: [...discountsKey(businessId), 'one', code] as const,
    queryFn: ({ signal }) => apiFetch<{ discount: BusinessDiscount }>(discountPath(businessId, code), { signal }),
    gcTime: 0,
  });

/** `GET …/discount-product-options?page&search`: the pharmacy's offers a discount may name, page by page. */
export const discountProductOptionsQuery = (businessId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...businessKey(businessId), 'discount-product-options', search] as const,
    queryFn: ({ pageParam, signal }) => apiFetch<DiscountProductOptionsPage>(
      businessPath(businessId, `/discount-product-options?page=${pageParam}${search ? `&search=${encodeURIComponent(search)}` : ''}`), { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage * last.perPage < last.total ? last.currentPage + 1 : undefined),
  });

/** A new discount (POST), or the one with `currentCode` (PATCH, which may rename it). */
export const saveDiscount = (businessId: string, currentCode: string | undefined, values: DiscountFields) => {
  const body = JSON.stringify({ ...values, amount: Number(values.amount) });
  return currentCode === undefined
    ? apiFetch<{ discount: BusinessDiscount }>(businessPath(businessId, '/discounts'), { method: 'POST', body })
    : apiFetch<{ discount: BusinessDiscount }>(discountPath(businessId, currentCode), { method: 'PATCH', body });
};

export const removeDiscount = (businessId: string, code: string) =>
  apiFetch<{ ok: true }>(discountPath(businessId, code), { method: 'DELETE' });

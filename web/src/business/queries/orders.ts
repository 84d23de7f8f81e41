import type { BusinessOrdersPage } from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';
import type { StatusChange } from '../components/status-autosave';
import { businessKey, businessPath } from './business';

const ordersKey = (businessId: string) => [...businessKey(businessId), 'orders'] as const;

/** `GET /api/business/{businessId}/orders?page&search`. */
export const businessOrdersQuery = (businessId: string, page: number, search: string | undefined) =>
  queryOptions({
    queryKey: [...ordersKey(businessId), { page, search: search ?? '' }] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (page > 1) query.set('page', String(page));
      if (search) query.set('search', search);
      const qs = query.toString();
      return apiFetch<BusinessOrdersPage>(businessPath(businessId, `/orders${qs ? `?${qs}` : ''}`), { signal });
    },
    placeholderData: keepPreviousData,
  });

/** `PATCH …/orders`: the statuses changed since the last save, in one request. */
export const saveOrderStatuses = (businessId: string, changes: StatusChange[]) =>
  apiFetch(businessPath(businessId, '/orders'), { method: 'PATCH', body: JSON.stringify({ orders: changes }) });

/** `POST …/orders/{id}/id-number`: the customer's ID number, revealed on demand (and logged). */
export const revealIdNumber = (businessId: string, orderId: number) =>
  apiFetch<{ idNumber: string }>(businessPath(businessId, `/orders/${orderId}/id-number`), { method: 'POST' });

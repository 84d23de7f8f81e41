import type { AlertCreateDto, PriceAlert, PriceAlertsResponse } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

/**
 * The patient's price and stock alerts (issue 31): made on a product's page (storefront), listed and removed on
 * /user/alerts (account), and removed by the signed link of an alert's message.
 */
export const alertsKey = (userId?: string) => ['user', 'alerts', userId] as const;

/** `GET /api/user/alerts` of the signed-in user (of that id), newest first. */
export function alertsQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: alertsKey(userId),
    queryFn: ({ signal }) => apiFetch<PriceAlertsResponse>('/user/alerts', { signal }),
    staleTime: 30_000,
  });
}

/** What the form sends: `AlertCreateDto`'s fields, those that do not apply left out. */
export type AlertBody = Pick<AlertCreateDto, 'productSlug' | 'kind'> & Partial<Pick<AlertCreateDto, 'below' | 'lat' | 'lng' | 'addressId' | 'radiusKm' | 'sms'>>;

/** `POST /api/user/alerts`: a new alert (the same product and kind again replaces the one there was). */
export const createAlert = (body: AlertBody) => apiFetch<PriceAlert>('/user/alerts', { method: 'POST', body: JSON.stringify(body) });

/** `DELETE /api/user/alerts/{id}`. */
export const removeAlert = (id: number) => apiFetch<{ ok: true }>(`/user/alerts/${id}`, { method: 'DELETE' });

/** `POST /api/alerts/unsubscribe` (no sign-in): the alert the message's signed token names. */
export const unsubscribeAlert = (token: string) =>
  apiFetch<{ ok: true }>('/alerts/unsubscribe', { method: 'POST', body: JSON.stringify({ token }) });

import type { BusinessCard, BusinessInfo, BusinessUpdateCommand, OpeningHoursSlotInput } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';

/** Where a business's back-office calls go: /api/business/{businessId}/… */
export const businessPath = (businessId: string, rest = '') => `/business/${encodeURIComponent(businessId)}${rest}`;

/** Every cached answer of one business starts with this key, so a save can refetch them all at once. */
export const businessKey = (businessId: string) => ['business', businessId] as const;

/** `GET /api/business/{businessId}`: the header card of every page and the dashboard. */
export const businessInfoQuery = (businessId: string) =>
  queryOptions({
    queryKey: [...businessKey(businessId), 'info'] as const,
    queryFn: ({ signal }) => apiFetch<BusinessInfo>(businessPath(businessId), { signal }),
    staleTime: 30_000,
  });

/** `PATCH /api/business/{businessId}`: the header card's fields (name, phones, Waze address). */
export const updateBusinessCard = (businessId: string, fields: Omit<BusinessUpdateCommand, 'businessId'>) =>
  apiFetch<BusinessCard>(businessPath(businessId), { method: 'PATCH', body: JSON.stringify(fields) });

/** `PUT …/opening-hours`: the whole week at once. */
export const saveOpeningHours = (businessId: string, openingHours: OpeningHoursSlotInput[]) =>
  apiFetch(businessPath(businessId, '/opening-hours'), { method: 'PUT', body: JSON.stringify({ openingHours }) });

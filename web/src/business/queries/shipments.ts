import type { BusinessShipment, BusinessShipmentsPage, ShipmentFields } from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';
import { businessKey, businessPath } from './business';

export const shipmentsKey = (businessId: string) => [...businessKey(businessId), 'shipments'] as const;
export const shipmentsQuery = (businessId: string, page: number) =>
  queryOptions({
    queryKey: [...shipmentsKey(businessId), 'page', page] as const,
    queryFn: ({ signal }) => apiFetch<BusinessShipmentsPage>(businessPath(businessId, `/shipments?page=${page}`), { signal }),
    placeholderData: keepPreviousData,
  });
export const shipmentQuery = (businessId: string, id: number) =>
  queryOptions({
    queryKey: [...shipmentsKey(businessId), 'one', id] as const,
    queryFn: ({ signal }) => apiFetch<{ shipment: BusinessShipment }>(businessPath(businessId, `/shipments/${id}`), { signal }),
    retry: false,
  });

/** The form's fields, sent as they are: a new delivery method (POST), or the one with this id (PATCH). */
export const saveShipment = (businessId: string, id: number | undefined, fields: ShipmentFields) => {
  const body = JSON.stringify({ name: fields.name, published: fields.published, addresses: fields.addresses, pricings: fields.pricings });
  return id !== undefined
    ? apiFetch(businessPath(businessId, `/shipments/${id}`), { method: 'PATCH', body })
    : apiFetch(businessPath(businessId, '/shipments'), { method: 'POST', body });
};

export const removeShipment = (businessId: string, id: number) =>
  apiFetch(businessPath(businessId, `/shipments/${id}`), { method: 'DELETE' });

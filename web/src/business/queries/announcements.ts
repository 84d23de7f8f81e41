import type { AnnouncementFields, BusinessAnnouncement, BusinessAnnouncementsPage } from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';
import { businessKey, businessPath } from './business';

const announcementsPath = (businessId: string, rest = '') => businessPath(businessId, `/announcements${rest}`);

/** `GET …/announcements?page`: the page's rows, newest first. */
export const announcementsQuery = (businessId: string, page: number) =>
  queryOptions({
    queryKey: [...businessKey(businessId), 'announcements', 'list', page] as const,
    queryFn: ({ signal }) => apiFetch<BusinessAnnouncementsPage>(`${announcementsPath(businessId)}${page > 1 ? `?page=${page}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** `GET …/announcements/{id}`: the one being edited. */
export const announcementQuery = (businessId: string, id: number) =>
  queryOptions({
    queryKey: [...businessKey(businessId), 'announcements', 'item', id] as const,
    queryFn: ({ signal }) => apiFetch<{ announcement: BusinessAnnouncement }>(announcementsPath(businessId, `/${id}`), { signal }),
    retry: false,
  });

export const announcementsKey = (businessId: string) => [...businessKey(businessId), 'announcements'] as const;

export const createAnnouncement = (businessId: string, values: Partial<AnnouncementFields>) =>
  apiFetch<{ announcement: BusinessAnnouncement }>(announcementsPath(businessId), { method: 'POST', body: JSON.stringify(values) });

export const updateAnnouncement = (businessId: string, id: number, values: Partial<AnnouncementFields>) =>
  apiFetch<{ announcement: BusinessAnnouncement }>(announcementsPath(businessId, `/${id}`), { method: 'PATCH', body: JSON.stringify(values) });

export const removeAnnouncement = (businessId: string, id: number) =>
  apiFetch<{ ok: true }>(announcementsPath(businessId, `/${id}`), { method: 'DELETE' });

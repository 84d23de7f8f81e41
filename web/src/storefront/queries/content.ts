import type { FaqItem, SocialGroup } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';

const HOUR_MS = 60 * 60 * 1000;

/** `GET /api/faq`. */
export function faqQuery() {
  return queryOptions({
    queryKey: ['faq'] as const,
    queryFn: ({ signal }) => apiFetch<{ faq: FaqItem[] }>('/faq', { signal }),
    staleTime: HOUR_MS,
  });
}

/** `GET /api/social-groups`: the messaging groups of every region. */
export function socialGroupsQuery() {
  return queryOptions({
    queryKey: ['social-groups'] as const,
    queryFn: ({ signal }) => apiFetch<{ groups: SocialGroup[] }>('/social-groups', { signal }),
    staleTime: HOUR_MS,
  });
}

import type { FavoritesResponse } from '@mc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

export const favoritesKey = (userId?: string) => ['user', 'favorites', userId] as const;

/** `GET /api/user/favorites` of the signed-in user (of that id). */
export function favoritesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: favoritesKey(userId),
    queryFn: ({ signal }) => apiFetch<FavoritesResponse>('/user/favorites', { signal }),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
}

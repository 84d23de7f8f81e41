import type { Address, BusinessesResponse, UserProfile } from '@mc/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { useSession } from './use-session';

export interface UserInfo {
  user: UserProfile;
  addresses: Address[];
}

const userInfoKey = (userId?: string) => ['user', 'info', userId] as const;

/** `GET /api/user`: the signed-in user (of that id) and their addresses. */
export function userInfoQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: userInfoKey(userId),
    queryFn: ({ signal }) => apiFetch<UserInfo>('/user', { signal }),
  });
}

/** The signed-in user's info (nothing while signed out). */
export function useUserInfo() {
  const session = useSession();
  return useQuery({ ...userInfoQuery(session?.claims.sub), enabled: session !== null });
}

/** Puts a fresher part of the user info (after a save) into the cache. */
export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  const session = useSession();
  return (patch: Partial<UserInfo>) =>
    queryClient.setQueryData<UserInfo>(userInfoKey(session?.claims.sub), (old) => (old ? { ...old, ...patch } : old));
}

/** `GET /api/user/businesses`: the pharmacies and companies a manager runs (asked only for managers). */
export function useMyBusinesses() {
  const session = useSession();
  return useQuery({
    queryKey: ['user', 'businesses', session?.claims.sub] as const,
    queryFn: ({ signal }) => apiFetch<BusinessesResponse>('/user/businesses', { signal }),
    enabled: session !== null && session.claims.role !== 'user',
  });
}

/** Where a business is run: a pharmacy's back office, or a cannabis company's management pages. */
export const businessHref = ({ kind, slug }: BusinessesResponse['businesses'][number]): string =>
  kind === 'pharmacy' ? `/business/${encodeURIComponent(slug)}` : `/manage/cannabis-company/${encodeURIComponent(slug)}`;

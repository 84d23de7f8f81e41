import type {
  AuditAction, AuditPage, BusinessMembers, ManagedPharm, ManagedPharmsPage, ManagedUser, ManagedUsersPage, PharmManageUpdateCommand,
  PharmOnboardCommand, PharmState,
} from '@mc/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../kit/api/client';
import { queryString } from './company';

/**
 * The operator's console (issue 30): admins only, with the session (the services check the caller on every subject).
 * Pharmacies and their state, the members of a business, the accounts, and the record of admin actions.
 */

const pharmPath = (slug: string, rest = '') => `/manage/pharms/${encodeURIComponent(slug)}${rest}`;
const userPath = (id: number, rest = '') => `/manage/users/${id}${rest}`;

/** Every cached answer of the console's pharmacies (the list and each page) starts with this key. */
export const pharmsKey = ['manage-pharms'] as const;
export const usersKey = ['manage-users'] as const;
export const auditKey = ['manage-audit'] as const;

export const managedPharmsQuery = (page: number, search: string | undefined, state: PharmState | undefined) =>
  queryOptions({
    queryKey: [...pharmsKey, 'list', page, search ?? '', state ?? ''] as const,
    queryFn: ({ signal }) => apiFetch<ManagedPharmsPage>(`/manage/pharms${queryString({ page, search, state })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const managedPharmQuery = (slug: string) =>
  queryOptions({
    queryKey: [...pharmsKey, 'one', slug] as const,
    queryFn: ({ signal }) => apiFetch<ManagedPharm>(pharmPath(slug), { signal }),
  });

/** `POST /api/manage/pharms`: 201 the pharmacy (onboarding); 400 a field's message; 409 the slug or partner code taken. */
export const onboardPharm = (command: PharmOnboardCommand) =>
  apiFetch<ManagedPharm>('/manage/pharms', { method: 'POST', body: JSON.stringify(command) });

export type PharmPatch = Omit<PharmManageUpdateCommand, 'slug'>;

/** `PATCH /api/manage/pharms/{slug}`: some fields, or the state. */
export const updatePharm = (slug: string, patch: PharmPatch) =>
  apiFetch<ManagedPharm>(pharmPath(slug), { method: 'PATCH', body: JSON.stringify(patch) });

/** A business whose members the console manages: a pharmacy, or a cannabis company. */
export interface MembersOf {
  kind: 'pharmacy' | 'company';
  slug: string;
}

const membersPath = ({ kind, slug }: MembersOf, rest = '') =>
  `/manage/${kind === 'pharmacy' ? 'pharms' : 'companies'}/${encodeURIComponent(slug)}/members${rest}`;

export const membersKey = (of: MembersOf) => ['manage-members', of.kind, of.slug] as const;

export const membersQuery = (of: MembersOf) =>
  queryOptions({
    queryKey: membersKey(of),
    queryFn: ({ signal }) => apiFetch<BusinessMembers>(membersPath(of), { signal }),
  });

/** `POST …/members { email }`: the members now (an invitation for an address with no account). */
export const addMember = (of: MembersOf, email: string) =>
  apiFetch<BusinessMembers>(membersPath(of), { method: 'POST', body: JSON.stringify({ email }) });

/** `DELETE …/members/{memberId}` (`user-<id>` or `invite-<id>`). */
export const removeMember = (of: MembersOf, memberId: string) =>
  apiFetch<BusinessMembers>(membersPath(of, `/${encodeURIComponent(memberId)}`), { method: 'DELETE' });

export const managedUsersQuery = (page: number, search: string | undefined) =>
  queryOptions({
    queryKey: [...usersKey, 'list', page, search ?? ''] as const,
    queryFn: ({ signal }) => apiFetch<ManagedUsersPage>(`/manage/users${queryString({ page, search })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const managedUserQuery = (id: number) =>
  queryOptions({
    queryKey: [...usersKey, 'one', id] as const,
    queryFn: ({ signal }) => apiFetch<ManagedUser>(userPath(id), { signal }),
  });

export const blockUser = (id: number) => apiFetch<ManagedUser>(userPath(id, '/block'), { method: 'POST' });
export const unblockUser = (id: number) => apiFetch<ManagedUser>(userPath(id, '/unblock'), { method: 'POST' });
export const resendActivation = (id: number) => apiFetch<{ ok: true }>(userPath(id, '/resend-activation'), { method: 'POST' });

export const auditQuery = (page: number, search: string | undefined, action: AuditAction | undefined) =>
  queryOptions({
    queryKey: [...auditKey, page, search ?? '', action ?? ''] as const,
    queryFn: ({ signal }) => apiFetch<AuditPage>(`/manage/audit${queryString({ page, search, action })}`, { signal }),
    placeholderData: keepPreviousData,
  });

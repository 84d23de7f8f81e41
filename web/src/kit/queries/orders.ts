import type { DocumentKind, OrdersBatch, UserOrdersResponse } from '@mc/contracts';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { sessions } from '../auth/session';

/**
 * The patient's orders are personal: their keys start with 'user' and carry the user's id (another user signed in
 * on the same browser never reads them), and they keep the app's default cache (none: dropped as soon as no page
 * shows them), so nothing of them outlives the page, let alone the session.
 */
export const ordersKeys = {
  all: (userId: string | undefined) => ['user', 'orders', userId] as const,
  list: (userId: string | undefined, search: string, page: number) => ['user', 'orders', userId, 'list', search, page] as const,
  batch: (userId: string | undefined, uid: string) => ['user', 'orders', userId, 'batch', uid] as const,
  one: (userId: string | undefined, id: number) => ['user', 'orders', userId, 'one', id] as const,
};

/**
 * Where /order stores the batch it just placed (E1's checkout), for /order/completed: the tab's session storage,
 * so the page survives a reload but not the tab, and holds only the batch's id (the API answers it to its owner only).
 */
export const LAST_ORDER_BATCH_KEY = 'mc.lastOrderBatch';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A well-formed batch uid (of an address or of session storage). */
export const isBatchUid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The uid of the batch just placed in this tab, if there is a well-formed one. */
export function readLastOrderBatch(): string | undefined {
  try {
    const uid = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LAST_ORDER_BATCH_KEY);
    return isBatchUid(uid) ? uid : undefined;
  } catch {
    return undefined;
  }
}

const watched = new WeakSet<QueryClient>();

/**
 * Signing out (or a 401 doing it) drops every order answer from the cache and forgets the batch just placed, so
 * nothing of the orders stays in the browser after the session. Idempotent: the order pages call it as they open.
 */
export function forgetOrdersOnSignOut(queryClient: QueryClient): void {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  let userId = sessions.get()?.claims.sub;
  sessions.subscribe(() => {
    const next = sessions.get()?.claims.sub;
    if (userId !== undefined && next !== userId) {
      queryClient.removeQueries({ queryKey: ordersKeys.all(userId) });
      try {
        sessionStorage.removeItem(LAST_ORDER_BATCH_KEY);
      } catch {
        // No session storage (privacy mode): nothing was kept there.
      }
    }
    userId = next;
  });
}

/** `GET /api/orders/batches/{uid}`: the orders (one per pharmacy) of a batch the signed-in user placed. */
export function ordersBatchQuery(userId: string | undefined, uid: string) {
  return queryOptions({
    queryKey: ordersKeys.batch(userId, uid),
    queryFn: ({ signal }) => apiFetch<OrdersBatch>(`/orders/batches/${encodeURIComponent(uid)}`, { signal }),
  });
}

/** `GET /api/user/orders?order=`: one order of the signed-in user's (none when it is not theirs). */
export function userOrderQuery(userId: string | undefined, orderId: number) {
  return queryOptions({
    queryKey: ordersKeys.one(userId, orderId),
    queryFn: async ({ signal }) => (await apiFetch<UserOrdersResponse>(`/user/orders?order=${orderId}`, { signal })).orders[0] ?? null,
  });
}

/** `GET /api/user/orders?search&page`: the signed-in user's orders, newest first. */
export function userOrdersQuery(userId: string | undefined, search = '', page = 1) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page > 1) params.set('page', String(page));
  const query = params.size ? `?${params}` : '';
  return queryOptions({
    queryKey: ordersKeys.list(userId, search, page),
    queryFn: ({ signal }) => apiFetch<UserOrdersResponse>(`/user/orders${query}`, { signal }),
    // The table keeps the rows it shows while the next page or search loads.
    placeholderData: keepPreviousData,
  });
}

/** The latest orders for the overview on /user (the first page of the list, newest first). */
export const RECENT_ORDERS_COUNT = 5;

export type DocumentFiles = Record<DocumentKind, File>;

/** Where a set of documents goes: every order of a batch just placed, or one order from /user/orders. */
export type DocumentsTarget = { batchUid: string } | { orderId: number };

function documentsPath(target: DocumentsTarget): string {
  return 'batchUid' in target
    ? `/orders/batches/${encodeURIComponent(target.batchUid)}/documents`
    : `/user/orders/${target.orderId}/documents`;
}

/**
 * `POST …/documents` (multipart): the three files under their field names, and nothing else (the order is in the
 * path; the ID number is already with the order, encrypted). The browser sets the multipart boundary itself.
 */
export function submitDocuments(target: DocumentsTarget, files: DocumentFiles): Promise<void> {
  const body = new FormData();
  for (const [kind, file] of Object.entries(files)) body.append(kind, file, file.name);
  return apiFetch<void>(documentsPath(target), { method: 'POST', body });
}

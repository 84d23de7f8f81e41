import type { PrescriptionDto, PrescriptionProductsResponse, PrescriptionResponse } from '@mc/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { useSession } from '../auth/use-session';

/**
 * "My prescription" is medical data: it is asked for in the browser, for the signed-in user only, and never in a page
 * the server draws (the page cache keeps anonymous HTML), so every part that shows it renders nothing signed out.
 */
const prescriptionKey = (userId?: string) => ['user', 'prescription', userId] as const;

export function prescriptionQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: prescriptionKey(userId),
    queryFn: ({ signal }) => apiFetch<PrescriptionResponse>('/user/prescription', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The signed-in user's prescription (null when none is saved; nothing asked while signed out). */
export function usePrescription() {
  return usePrescriptionState().prescription;
}

/** The prescription, and whether that answer is final (signed out, loaded, or failed to load). */
export function usePrescriptionState() {
  const session = useSession();
  const query = useQuery({ ...prescriptionQuery(session?.claims.sub), enabled: session !== null });
  return { prescription: session ? query.data?.prescription ?? null : null, settled: !session || !query.isPending };
}

/** Saves (PUT) or deletes (DELETE) the prescription and keeps the answer in the cache. */
export function usePrescriptionChange() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PrescriptionDto | null) => (values
      ? apiFetch<PrescriptionResponse>('/user/prescription', { method: 'PUT', body: JSON.stringify(values) })
      : apiFetch<PrescriptionResponse>('/user/prescription', { method: 'DELETE' })),
    onSuccess: (answer) => {
      queryClient.setQueryData(prescriptionKey(session?.claims.sub), answer);
      void queryClient.invalidateQueries({ queryKey: ['user', 'prescription-products'] });
    },
  });
}

/** In-stock products of the user's categories, the nearest first when the position is known. */
export function usePrescriptionProducts(enabled: boolean, location: { lat: number; lng: number } | undefined) {
  const session = useSession();
  const where = location ? `?lat=${location.lat.toFixed(4)}&lng=${location.lng.toFixed(4)}` : '';
  return useQuery({
    queryKey: ['user', 'prescription-products', session?.claims.sub, where],
    queryFn: ({ signal }) => apiFetch<PrescriptionProductsResponse>(`/user/prescription/products${where}`, { signal }),
    enabled: enabled && session !== null,
    staleTime: 60_000,
  });
}

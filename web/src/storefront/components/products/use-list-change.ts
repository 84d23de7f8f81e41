import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { ListPatch } from './ListFilters';

/**
 * A list page's change: the patch goes into the URL (back to page 1 unless it names one), keeping the
 * scroll; `replace` keeps a corrected address out of the history.
 */
export function useListChange(from: '/products' | '/discounts') {
  const navigate = useNavigate({ from });
  return useCallback(
    (patch: ListPatch, replace = false) =>
      void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), resetScroll: false, replace }),
    [navigate],
  );
}

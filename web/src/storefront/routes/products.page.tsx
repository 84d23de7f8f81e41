import { LIST_SORTS } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CardList } from '../components/products/CardList';
import { ListPage } from '../components/products/ListPage';
import type { ListPatch } from '../components/products/ListFilters';
import { PrescriptionChip, withMyCategories } from '../components/prescription/PrescriptionChip';
import { usePrescriptionState } from '../../kit/prescription/prescription-query';
import { useListChange } from '../components/products/use-list-change';
import { ProductCard } from '../components/products/ProductCard';
import { listApiParams } from '../search-params/list-search';
import { useKnownCompanies } from '../components/products/use-known-companies';
import { LIST_DELAY_MS, useDebouncedValue } from '../../kit/lib/use-debounced-value';
import { he } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { productListQuery } from '../queries/products';

export function ProductsPage() {
  useDocumentTitle(he.lists.productsTitle, he.lists.productsDescription);
  const address = getRouteApi('/products').useSearch();
  const { prescription, settled } = usePrescriptionState();
  const search = withMyCategories(address, prescription);
  const wanted = listApiParams(search);
  const params = useDebouncedValue(wanted, LIST_DELAY_MS);
  // With 'mine' the list waits for the prescription rather than flash the unfiltered list.
  const query = useQuery({ ...productListQuery(params), placeholderData: keepPreviousData, enabled: settled || !address.mine });
  const change = useListChange('/products');
  // Choosing dosages by hand replaces 'mine'.
  const onChange = useCallback(
    (patch: ListPatch, replace?: boolean) => change('dosages' in patch && !('mine' in patch) ? { ...patch, mine: undefined } : patch, replace),
    [change],
  );
  const data = query.data;
  const shown = useKnownCompanies(search, data?.filtersData, params === wanted && !query.isPlaceholderData, onChange);

  return (
    <ListPage
      title={he.lists.productsTitle}
      search={shown}
      sorts={LIST_SORTS}
      result={data && { total: data.total, perPage: data.perPage, filtersData: data.filtersData, count: data.products.length }}
      status={query.status}
      fetching={query.isFetching}
      onRetry={() => void query.refetch()}
      onChange={onChange}
      notice={prescription && <PrescriptionChip search={shown} onChange={onChange} />}
    >
      <CardList
        items={data?.products ?? []}
        layout={search.layout ?? 'grid'}
        keyOf={(product) => product.slug}
        render={(product) => <ProductCard product={product} />}
        label={he.lists.productsTitle}
      />
    </ListPage>
  );
}

import { LIST_SORTS } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CardList } from '../components/products/CardList';
import { ListPage } from '../components/products/ListPage';
import type { ListPatch } from '../components/products/ListFilters';
import { ProductCard } from '../components/products/ProductCard';
import { listApiParams, validateListSearch } from '../components/products/list-search';
import { useDebouncedValue } from '../components/products/use-debounced-value';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';
import { productListQuery } from '../queries/products';
import { rootRoute } from './root';

/** Lists load about 100 ms after a change (spec 9), so quick clicks make one request. */
export const LIST_DELAY_MS = 100;

function ProductsPage() {
  useDocumentTitle(he.lists.productsTitle, he.lists.productsDescription);
  const search = productsRoute.useSearch();
  const navigate = useNavigate({ from: productsRoute.fullPath });
  const params = useDebouncedValue(listApiParams(search), LIST_DELAY_MS);
  const query = useQuery({ ...productListQuery(params), placeholderData: keepPreviousData });
  const onChange = useCallback(
    (patch: ListPatch, replace = false) =>
      void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }), resetScroll: false, replace }),
    [navigate],
  );
  const data = query.data;

  return (
    <ListPage
      title={he.lists.productsTitle}
      search={search}
      sorts={LIST_SORTS}
      result={data && { total: data.total, perPage: data.perPage, filtersData: data.filtersData, count: data.products.length }}
      status={query.status}
      fetching={query.isFetching}
      onRetry={() => void query.refetch()}
      onChange={onChange}
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

export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products',
  validateSearch: (raw: Record<string, unknown>) => validateListSearch(raw),
  component: ProductsPage,
});

import { LIST_SORTS } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { CardList } from '../components/products/CardList';
import { ListPage } from '../components/products/ListPage';
import { PrescriptionChip } from '../components/prescription/PrescriptionChip';
import { useListChange } from '../components/products/use-list-change';
import { ProductCard } from '../components/products/ProductCard';
import { listApiParams } from '../components/products/list-search';
import { LIST_DELAY_MS, useDebouncedValue } from '../components/products/use-debounced-value';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';
import { productListQuery } from '../queries/products';

export function ProductsPage() {
  useDocumentTitle(he.lists.productsTitle, he.lists.productsDescription);
  const search = getRouteApi('/products').useSearch();
  const params = useDebouncedValue(listApiParams(search), LIST_DELAY_MS);
  const query = useQuery({ ...productListQuery(params), placeholderData: keepPreviousData });
  const onChange = useListChange('/products');
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
      notice={<PrescriptionChip search={search} onChange={onChange} />}
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


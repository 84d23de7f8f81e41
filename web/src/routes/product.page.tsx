import { Messages } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { isApiError } from '../api/client';
import { ErrorView } from '../components/ErrorView';
import { ProductSkeleton } from '../components/ProductSkeleton';
import { PriceComparison } from '../components/products/PriceComparison';
import { RelatedProducts } from '../components/products/RelatedProducts';
import { type ComparisonSearch } from '../components/products/comparison-search';
import { ProductView } from '../components/ProductView';
import { WatchingNow } from '../components/presence/WatchingNow';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';
import { useProductStructuredData } from '../lib/use-structured-data';
import { productQuery } from '../queries/products';
import { NotFoundPage } from './not-found';

export function ProductPage() {
  const { productSlug } = getRouteApi('/products/$productSlug').useParams();
  const search = getRouteApi('/products/$productSlug').useSearch();
  const navigate = useNavigate({ from: '/products/$productSlug' });
  const onComparisonChange = (next: ComparisonSearch) => void navigate({ search: next, resetScroll: false });
  const query = useQuery(productQuery(productSlug));
  const product = query.data?.product;
  const title = product ? product.info.hebName || product.name : undefined;
  useDocumentTitle(title, title ? he.lists.productDescription(title) : undefined);
  useProductStructuredData(productSlug, product);

  if (query.isPending) return <ProductSkeleton />;

  if (query.isError) {
    const { error } = query;
    if (isApiError(error) && error.status === 404) return <NotFoundPage detail={Messages.productNotFound} />;
    // A 503 means the catalogue is down: the server's message says so.
    const message = error.message || Messages.generic;
    return <ErrorView message={message} onRetry={() => void query.refetch()} />;
  }

  return (
    <div aria-busy={query.isFetching}>
      <ProductView data={query.data} />
      <WatchingNow path={`/products/${productSlug}`} />
      <PriceComparison slug={productSlug} search={search} onChange={onComparisonChange} />
      <RelatedProducts slug={productSlug} />
    </div>
  );
}


import { Messages } from '@mc/contracts';
import { useQuery } from '@tanstack/react-query';
import { createRoute } from '@tanstack/react-router';
import { isApiError } from '../api/client';
import { ErrorView } from '../components/ErrorView';
import { ProductSkeleton } from '../components/ProductSkeleton';
import { ProductView } from '../components/ProductView';
import { useDocumentTitle } from '../lib/use-document-title';
import { productQuery } from '../queries/products';
import { NotFoundPage } from './not-found';
import { rootRoute } from './root';

function ProductPage() {
  const { productSlug } = productRoute.useParams();
  const query = useQuery(productQuery(productSlug));
  const product = query.data?.product;
  useDocumentTitle(product ? product.info.hebName || product.name : undefined);

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
    </div>
  );
}

export const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productSlug',
  component: ProductPage,
});

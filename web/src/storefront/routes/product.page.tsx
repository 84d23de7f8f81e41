import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { LowestPrice, PriceComparison } from '../components/products/PriceComparison';
import { RelatedProducts } from '../components/products/RelatedProducts';
import { type ComparisonSearch } from '../search-params/comparison-search';
import { ProductTags, ProductView } from '../components/product/ProductView';
import { PrescriptionMatch } from '../components/prescription/PrescriptionMatch';
import { WatchingNow } from '../components/presence/WatchingNow';
import { PriceHistorySection } from '../components/price-history/PriceHistorySection';
import { PriceAlertSection } from '../components/alerts/PriceAlertSection';
import { he } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { useProductStructuredData } from '../components/use-structured-data';
import { productQuery } from '../queries/products';

export function ProductPage() {
  const { productSlug } = getRouteApi('/products/$productSlug').useParams();
  const search = getRouteApi('/products/$productSlug').useSearch();
  const navigate = useNavigate({ from: '/products/$productSlug' });
  const onComparisonChange = (next: ComparisonSearch) => void navigate({ search: next, resetScroll: false });
  // Loaded by the route: its loading, failure (a 503 says the catalogue is down) and 404 screens are the route's.
  const query = useSuspenseQuery(productQuery(productSlug));
  const { product } = query.data;
  const title = product.info.hebName || product.name;
  useDocumentTitle(title, he.lists.productDescription(title));
  useProductStructuredData(productSlug, product);

  return (
    <div className="product-page" aria-busy={query.isFetching}>
      <ProductView data={query.data} price={<LowestPrice slug={productSlug} />} />
      <PrescriptionMatch dosage={product.info.thccbdDosage} />
      {/* The first screen is the product and where to buy it; who else is looking comes after. */}
      <PriceComparison slug={productSlug} search={search} onChange={onComparisonChange} />
      {/* Issue 31: how the price moved, and a word when it drops or the product is back. */}
      <PriceHistorySection slug={productSlug} />
      <PriceAlertSection productSlug={productSlug} productName={title} />
      <WatchingNow path={`/products/${productSlug}`} />
      <ProductTags tags={query.data.tags} />
      <RelatedProducts slug={productSlug} />
    </div>
  );
}


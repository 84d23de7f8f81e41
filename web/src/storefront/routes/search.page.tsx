import { Messages, type Pharm } from '@mc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { CardList } from '../components/products/CardList';
import { Pager } from '../components/products/Pager';
import { ProductCard } from '../components/products/ProductCard';
import { he } from '../../kit/i18n/he';
import { SiteLink } from '../../kit/ui/SiteLink';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { pharmListQuery } from '../../kit/queries/pharms';
import { productListQuery } from '../queries/products';
import { searchApiParams } from '../search-params/search-params';
import './search.css';

function PharmResult({ pharm }: { pharm: Pharm }) {
  return (
    <SiteLink href={`/pharms/${encodeURIComponent(pharm.slug)}`} className="search-pharm">
      <span className="search-pharm-name">{pharm.name}</span>
      <span className="search-pharm-address">
        {pharm.address}, {pharm.city}
      </span>
    </SiteLink>
  );
}

function ResultsSkeleton() {
  return (
    <div aria-hidden="true" className="search-skeleton">
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line skeleton-short" />
      <div className="skeleton skeleton-line" />
    </div>
  );
}

/** `/search?term=…`: the products matching the term (paged) and the pharmacies matching it. */
export function SearchPage() {
  const { term = '', page = 1 } = getRouteApi('/search').useSearch();
  const navigate = useNavigate({ from: '/search' });
  useDocumentTitle(he.search.title(term), he.search.description(term));
  const params = searchApiParams(term, page);
  const products = useQuery({ ...productListQuery(params.products), placeholderData: keepPreviousData });
  const pharms = useQuery(pharmListQuery(params.pharms));
  const pages = products.data ? Math.ceil(products.data.total / products.data.perPage) : 0;

  // A page past the last one goes back to the first (spec 4).
  useEffect(() => {
    if (pages > 1 && page > pages) void navigate({ search: { term }, replace: true });
  }, [pages, page, term, navigate]);

  const failed = products.isError || pharms.isError;
  const loaded = products.data && pharms.data;
  const empty = loaded && products.data.total === 0 && pharms.data.total === 0;

  return (
    <section className="search-page" aria-labelledby="search-title">
      <h1 id="search-title" className="search-page-title">
        {he.search.title(term)}
      </h1>
      {failed && (
        <div className="state-panel" role="alert">
          <p className="state-text">{Messages.listLoadFailed}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void Promise.all([products.refetch(), pharms.refetch()])}
          >
            {he.retry}
          </button>
        </div>
      )}
      {!failed && !loaded && <ResultsSkeleton />}
      {empty && (
        <div className="state-panel">
          <p className="state-title">{he.search.noResults}</p>
          <p className="state-text">{he.search.noResultsHint}</p>
        </div>
      )}
      {!failed && loaded && !empty && (
        <>
          {products.data.total > 0 && (
            <section className="search-section" aria-labelledby="search-products">
              <h2 id="search-products" className="search-section-title">
                {he.search.products} <span className="search-count">({he.lists.resultsCount(products.data.total)})</span>
              </h2>
              <CardList
                items={products.data.products}
                layout="grid"
                keyOf={(product) => product.slug}
                render={(product) => <ProductCard product={product} />}
                label={he.search.products}
              />
              <Pager page={page} total={pages} onPage={(next) => void navigate({ search: { term, page: next } })} />
            </section>
          )}
          {pharms.data.total > 0 && (
            <section className="search-section" aria-labelledby="search-pharms">
              <h2 id="search-pharms" className="search-section-title">
                {he.search.pharms} <span className="search-count">({he.search.pharmsCount(pharms.data.total)})</span>
              </h2>
              <ul className="search-pharms">
                {pharms.data.pharms.map((pharm) => (
                  <li key={pharm.slug}>
                    <PharmResult pharm={pharm} />
                  </li>
                ))}
              </ul>
              {pharms.data.total > pharms.data.pharms.length && (
                <SiteLink href="/pharms" className="button button-secondary">
                  {he.search.allPharms}
                </SiteLink>
              )}
            </section>
          )}
        </>
      )}
    </section>
  );
}


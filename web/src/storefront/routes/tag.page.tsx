import { PER_PAGE } from '@mc/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PharmCard } from '../components/pharms/PharmCard';
import { CardList } from '../components/products/CardList';
import { Pager } from '../components/products/Pager';
import { ProductCard } from '../components/products/ProductCard';
import { pageCount } from '../search-params/list-search';
import { he } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { tagQuery } from '../queries/products';

export function TagPage() {
  const { tagSlug } = getRouteApi('/tags/$tagSlug').useParams();
  const { page = 1 } = getRouteApi('/tags/$tagSlug').useSearch();
  const navigate = useNavigate({ from: '/tags/$tagSlug' });
  // Loaded by the route (each page of it: the last one stays on screen meanwhile); its loading, failure and
  // 404 screens are the route's.
  const query = useSuspenseQuery(tagQuery(tagSlug, page));
  const data = query.data;
  useDocumentTitle(data.tag.seoTitle || data.tag.title || data.tag.name, data.tag.seoDescription ?? undefined);

  // The tag pages its products and its pharmacies together: as many pages as the longer of the two.
  // The gateway pages the pharmacies with the pharmacy list's size (PER_PAGE.pharms).
  const pages = Math.max(pageCount(data.total, data.perPage), pageCount(data.pharmsTotal, PER_PAGE.pharms));
  const pastLast = (data.total > 0 || data.pharmsTotal > 0) && page > pages;
  useEffect(() => {
    if (pastLast) void navigate({ search: {}, replace: true });
  }, [pastLast, navigate]);

  const { tag, products, pharms } = query.data;
  return (
    <section className="list-page" aria-labelledby="list-title" aria-busy={query.isFetching}>
      <header className="list-header">
        <h1 id="list-title" className="list-title">
          {tag.title || tag.name}
        </h1>
        {tag.seoDescription && <p className="list-lead">{tag.seoDescription}</p>}
      </header>
      <section className="tag-section" aria-labelledby="tag-products">
        <h2 id="tag-products" className="section-title">
          {he.tag.products} <span className="comparison-count">({query.data.total})</span>
        </h2>
        {products.length ? (
          <CardList items={products} layout="grid" keyOf={(p) => p.slug} render={(p) => <ProductCard product={p} />} label={he.tag.products} />
        ) : (
          <p className="list-empty">{he.tag.noProducts}</p>
        )}
      </section>
      <section className="tag-section" aria-labelledby="tag-pharms">
        <h2 id="tag-pharms" className="section-title">
          {he.tag.pharms} <span className="comparison-count">({query.data.pharmsTotal})</span>
        </h2>
        {pharms.length ? (
          <ul className="card-list card-list-pharms" aria-label={he.tag.pharms}>
            {pharms.map((pharm) => (
              <li key={pharm.slug}>
                <PharmCard pharm={pharm} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="list-empty">{he.tag.noPharms}</p>
        )}
      </section>
      <Pager page={page} total={pages} onPage={(next) => void navigate({ search: next > 1 ? { page: next } : {} })} />
    </section>
  );
}


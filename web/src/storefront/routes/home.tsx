import { useQuery } from '@tanstack/react-query';
import { createRoute, Link } from '@tanstack/react-router';
import { PrescriptionProducts } from '../components/prescription/PrescriptionProducts';
import { SearchBox } from '../components/search/SearchBox';
import { he } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { SiteLink } from '../../kit/ui/SiteLink';
import { productListQuery } from '../queries/products';
import { loadPart, partsOfFirstScreen } from '../../kit/queries/route-data';
import { rootRoute } from '../../kit/router/root-route';
import './home.css';

/** Where each of the three tiles leads: price comparison, stock check, ordering. */
const TILE_LINKS = ['/products', '/products', '/pharms'] as const;
const POPULAR_COUNT = 6;
const POPULAR_PARAMS = 'page=1&sortBy=popular&inStock=1';

/** Widths of the placeholder chips, about those of the names that replace them. */
const PLACEHOLDER_WIDTHS = ['5.5rem', '5rem', '6rem', '5rem', '5.5rem', '6rem'];

/**
 * A row of links to the most popular products' pages; placeholder chips of about the same size while loading
 * (so the tiles below do not jump when the names arrive), nothing when it fails.
 */
function PopularSearches() {
  const { data, isPending } = useQuery(productListQuery(POPULAR_PARAMS));
  const products = data?.products.slice(0, POPULAR_COUNT) ?? [];
  if (!products.length && !isPending) return null;
  return (
    <nav className="popular" aria-labelledby="popular-title" aria-busy={isPending}>
      <h2 id="popular-title" className="popular-title">
        {he.home.popular}
      </h2>
      {isPending ? (
        <ul className="popular-list chip-list" aria-hidden="true">
          {PLACEHOLDER_WIDTHS.map((width, index) => (
            <li key={index}>
              <span className="tag popular-placeholder" style={{ inlineSize: width }}>
                {'\u00a0'}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="popular-list chip-list">
          {products.map((product) => (
            <li key={product.slug}>
              <Link to="/products/$productSlug" params={{ productSlug: product.slug }} className="tag">
                {product.shortName || product.info.hebName || product.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

function HomePage() {
  useDocumentTitle();
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title" className="hero-title">
        {he.home.title}
      </h1>
      <p className="hero-lead">{he.tagline}</p>
      <div className="home-search">
        <h2 className="home-search-title">{he.home.searchTitle}</h2>
        <SearchBox />
        <PopularSearches />
      </div>
      <PrescriptionProducts />
      <ul className="tiles">
        {he.home.tiles.map((tile, index) => (
          <li key={tile.title} className="tile">
            <h2 className="tile-title">
              <SiteLink href={TILE_LINKS[index]} className="tile-link stretched-link">
                {tile.title}
              </SiteLink>
            </h2>
            <p className="tile-text">{tile.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The popular products show their own placeholders: the browser draws the page at once.
  loader: ({ context }) => partsOfFirstScreen(context, [loadPart(context, productListQuery(POPULAR_PARAMS))]),
  staticData: { ssr: true },
  component: HomePage,
});

import { Messages } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useFavorites } from '../auth/favorites';
import { ErrorView } from '../components/ErrorView';
import { ProductCard } from '../components/products/ProductCard';
import { he, heAuth } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';

/** /user/favorites: the favourite products as cards, or an empty state (spec 2.2). */
export function FavoritesPage() {
  useDocumentTitle(heAuth.favoritesTitle);
  const query = useFavorites();
  return (
    <section aria-labelledby="favorites-title">
      <h1 id="favorites-title">{heAuth.favoritesTitle}</h1>
      {query.isError ? (
        <ErrorView message={query.error.message || Messages.generic} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <p role="status">{he.loading}</p>
      ) : query.data.favorites.length === 0 ? (
        <div className="cart-empty">
          <p className="cart-empty-title">{heAuth.noFavorites}</p>
          <Link to="/products" className="button button-primary">{he.shell.tabs.products}</Link>
        </div>
      ) : (
        <ul className="card-list card-list-grid">
          {query.data.favorites.map(({ productSlug, product }) => (
            <li key={productSlug}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { favoritesQuery } from '../../kit/auth/favorites-query';
import { useSession } from '../../kit/auth/use-session';
import { ProductCard } from '../components/products/ProductCard';
import { he, heAuth } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';

/** /user/favorites: the favourite products as cards, or an empty state (spec 2.2). */
export function FavoritesPage() {
  useDocumentTitle(heAuth.favoritesTitle);
  const session = useSession();
  // Signed out on the page: home.
  if (!session) return <Navigate to="/" />;
  return <Favorites userId={session.claims.sub} />;
}

/** Loaded by the route: its loading and failure screens are the route's. */
function Favorites({ userId }: { userId: string }) {
  const query = useSuspenseQuery(favoritesQuery(userId));
  return (
    <section aria-labelledby="favorites-title">
      <h1 id="favorites-title">{heAuth.favoritesTitle}</h1>
      {query.data.favorites.length === 0 ? (
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

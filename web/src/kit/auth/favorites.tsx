import type { FavoritesResponse } from '@mc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';
import { heAuth } from '../i18n/he';
import { authDialog } from './auth-dialog';
import { favoritesKey, favoritesQuery } from './favorites-query';
import { useSession } from './use-session';

/** The favourites, while signed in. */
function useFavorites() {
  const session = useSession();
  return useQuery({ ...favoritesQuery(session?.claims.sub), enabled: session !== null });
}

/** A heart that keeps the product among the user's favourites; signed out it opens the sign-in dialog (spec 4). */
export function FavoriteButton({ productSlug, title }: { productSlug: string; title: string }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const favorites = useFavorites();
  const isFavorite = !!favorites.data?.favorites.some((f) => f.productSlug === productSlug);
  const toggle = useMutation({
    mutationFn: () => (isFavorite
      ? apiFetch<FavoritesResponse>(`/user/favorites/${encodeURIComponent(productSlug)}`, { method: 'DELETE' })
      : apiFetch<FavoritesResponse>('/user/favorites', { method: 'POST', body: JSON.stringify({ productSlug }) })),
    onSuccess: (answer) => queryClient.setQueryData(favoritesKey(session?.claims.sub), answer),
  });
  return (
    <button
      type="button"
      className={`button button-secondary favorite-button${isFavorite ? ' is-favorite' : ''}`}
      aria-pressed={session ? isFavorite : undefined}
      disabled={toggle.isPending}
      onClick={() => (session ? toggle.mutate() : authDialog.open('signIn'))}
    >
      <span aria-hidden="true">{isFavorite ? '♥' : '♡'}</span> {isFavorite ? heAuth.favorited : heAuth.favorite}
      <span className="visually-hidden"> {title}</span>
    </button>
  );
}

import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import { Messages, profileCompletion, ResetPasswordDto, type AuthTokenResponse } from '@mc/contracts';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiFetch } from '../../kit/api/client';
import { authDialog } from '../../kit/auth/auth-dialog';
import { favoritesQuery } from '../../kit/auth/favorites-query';
import { sessions } from '../../kit/auth/session';
import { useSession } from '../../kit/auth/use-session';
import { userInfoQuery } from '../../kit/auth/user-info';
import '../../kit/auth/auth.css';
import '../../kit/forms/forms.css';
import { TextField } from '../../kit/forms/TextField';
import { formatDateTime } from '../../kit/lib/pharm-format';
import { he, heAuth } from '../../kit/i18n/he';
import { useDocumentTitle } from '../../kit/lib/use-document-title';
import { RecentOrders } from '../components/RecentOrders';

const post = <T,>(path: string, body: unknown) => apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });

/**
 * The single-use token of an e-mailed link, taken out of the address bar as the page opens (kept in memory only),
 * so it stays in no history entry, bookmark, shared screen or Referer.
 */
function useLinkToken(route: '/auth/verify-email' | '/reset-password'): string | undefined {
  const { token } = getRouteApi(route).useSearch();
  const [kept] = useState(token);
  const navigate = useNavigate();
  useEffect(() => {
    if (token) void navigate({ to: route, search: { token: undefined }, replace: true });
  }, [token, navigate, route]);
  return kept;
}

/**
 * Opening the activation link: activates, signs in, and goes home with the new account's welcome. A link that
 * cannot activate (used, expired, unknown) says why in spec 8's words alone, with the way on: signing in.
 */
export function VerifyEmailPage() {
  const token = useLinkToken('/auth/verify-email');
  const navigate = useNavigate();
  const started = useRef(false);
  const activation = useMutation({
    mutationFn: (activationToken: string) => post<AuthTokenResponse>('/auth/activate', { activationToken }),
    onSuccess: (answer) => {
      sessions.signIn(answer);
      void navigate({ to: '/' });
      authDialog.open('activated');
    },
  });
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      activation.mutate(token);
    }
  }, [token, activation]);
  if (!token) return <Navigate to="/" />;
  if (activation.isError) {
    return (
      <section className="card account-card" aria-labelledby="activation-title">
        <h1 id="activation-title">{heAuth.activationTitle}</h1>
        <p className="form-error" role="alert">
          {activation.error.message || Messages.generic}
        </p>
        <p className="state-actions">
          <button type="button" className="button button-primary" onClick={() => authDialog.open('signIn')}>
            {heAuth.signIn}
          </button>
          <a className="button button-secondary" href="/">
            {he.backHome}
          </a>
        </p>
      </section>
    );
  }
  return <p role="status">{heAuth.activating}</p>;
}

/** The reset link: both fields required and equal; success signs in and goes home with spec 8's notice. */
export function ResetPasswordPage() {
  useDocumentTitle(heAuth.resetTitle);
  const token = useLinkToken('/reset-password');
  const navigate = useNavigate();
  const form = useForm<ResetPasswordDto>({ resolver: classValidatorResolver(ResetPasswordDto), defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useMutation({
    mutationFn: (values: ResetPasswordDto) => post<AuthTokenResponse>('/auth/reset-password', { token, ...values }),
    onSuccess: (answer) => {
      sessions.signIn(answer);
      void navigate({ to: '/' });
      authDialog.open('passwordReset');
    },
  });
  if (!token) return <Navigate to="/" />;
  return (
    <section className="card account-card">
      <h1>{heAuth.resetTitle}</h1>
      <form className="contact-form" noValidate onSubmit={(e) => void form.handleSubmit((values) => reset.mutate(values))(e)}>
        <TextField form={form} name="newPassword" label={heAuth.newPassword} type="password" dir="ltr" autoComplete="new-password" />
        <TextField form={form} name="confirmPassword" label={heAuth.confirmPassword} type="password" dir="ltr" autoComplete="new-password" />
        {reset.isError && (
          <p className="form-error" role="alert">
            {reset.error.message || Messages.generic}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={reset.isPending}>
          {reset.isPending ? heAuth.working : heAuth.resetSubmit}
        </button>
      </form>
    </section>
  );
}

/** The personal area's overview: profile completion and account details. */
export function UserPage() {
  useDocumentTitle(heAuth.userTitle);
  const session = useSession();
  // Signed out on the page: home.
  if (!session) return <Navigate to="/" />;
  return <UserOverview userId={session.claims.sub} />;
}

/** Loaded by the route: its loading and failure screens are the route's. */
function UserOverview({ userId }: { userId: string }) {
  const { data } = useSuspenseQuery(userInfoQuery(userId));
  const { user } = data;
  const completion = profileCompletion({ hasPhone: !!user.phone, hasAddress: data.addresses.length > 0 });
  return (
    <section className="card account-card" aria-labelledby="user-title">
      <h1 id="user-title">{heAuth.hello(user.firstName)}</h1>
      <p>
        {heAuth.profileCompletion}: <strong>{completion}%</strong>
      </p>
      <progress className="profile-progress" max={100} value={completion} aria-label={heAuth.profileCompletion} />
      <h2>{heAuth.accountDetails}</h2>
      <dl className="account-details">
        <dt>{heAuth.email}</dt>
        <dd dir="ltr">{user.email}</dd>
        <dt>{heAuth.phone}</dt>
        <dd>{user.phone ? <bdi dir="ltr">{user.phone}</bdi> : heAuth.none}</dd>
        <dt>{heAuth.lastSignedAt}</dt>
        <dd>{user.lastSignedAt ? <bdi dir="ltr">{formatDateTime(user.lastSignedAt)}</bdi> : heAuth.none}</dd>
        <dt>{heAuth.createdAt}</dt>
        <dd>
          <bdi dir="ltr">{formatDateTime(user.createdAt)}</bdi>
        </dd>
      </dl>
      <p>
        <Link to="/user/settings">{heAuth.settingsLink}</Link>
      </p>
      <FavoritesSummary userId={userId} />
      <RecentOrders userId={userId} />
    </section>
  );
}

const FAVORITES_SHOWN = 4;

/** /user: the first favourite products (spec 2.2), linked to their pages, and the way to all of them. */
function FavoritesSummary({ userId }: { userId: string }) {
  const titleId = useId();
  const query = useQuery(favoritesQuery(userId));
  const favorites = query.data?.favorites ?? [];
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{heAuth.favoritesTitle}</h2>
      {query.isSuccess && favorites.length === 0 && <p>{heAuth.noFavorites}</p>}
      {favorites.length > 0 && (
        <ul className="favorites-summary">
          {favorites.slice(0, FAVORITES_SHOWN).map(({ productSlug, product }) => (
            <li key={productSlug}>
              <Link to="/products/$productSlug" params={{ productSlug }}>{product.name}</Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/user/favorites">{heAuth.favoritesLink}</Link>
      </p>
      <p>
        <Link to="/user/alerts">{heAuth.alertsLink}</Link>
      </p>
    </section>
  );
}


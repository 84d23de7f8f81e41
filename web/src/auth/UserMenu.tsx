import { SLUG_PATTERN } from '@mc/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { heAdminBusiness } from '../business/he-dashboard';
import { heAuth } from '../i18n/he';
import { authDialog } from './auth-dialog';
import { signOutEverywhere } from './session-load';
import { useSession } from './use-session';
import { businessHref, useMyBusinesses, useUserInfo } from './user-info';
import './auth.css';

/** Spec 5: a manager's pharmacies (to their back office) and cannabis companies (to their management pages). */
function MyBusinesses() {
  const { data } = useMyBusinesses();
  if (!data?.businesses.length) return null;
  return (
    <details className="user-menu-businesses">
      <summary>{heAuth.myBusinesses}</summary>
      <ul className="popup-panel">
        {data.businesses.map((business) => (
          <li key={`${business.kind}:${business.slug}`}>
            <a href={businessHref(business)}>
              {business.name}
              <span className="visually-hidden"> ({business.kind === 'pharmacy' ? heAuth.pharmacy : heAuth.company})</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** An admin may open any pharmacy's back office (spec 6): by its slug, the services saying whether it is one. */
function AdminOpenBusiness() {
  const id = useId();
  const navigate = useNavigate();
  const [slug, setSlug] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <details className="user-menu-businesses">
      <summary>{heAdminBusiness.open}</summary>
      <form
        className="popup-panel"
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = slug.trim();
          if (!SLUG_PATTERN.test(wanted)) return setInvalid(true);
          setInvalid(false);
          void navigate({ to: '/business/$businessId', params: { businessId: wanted } });
        }}
      >
        <label htmlFor={`${id}-slug`}>{heAdminBusiness.slug}</label>
        <input
          id={`${id}-slug`} dir="ltr" value={slug} onChange={(event) => setSlug(event.target.value)} autoComplete="off"
          aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined}
        />
        {invalid && <p id={`${id}-error`} className="form-error">{heAdminBusiness.invalid}</p>}
        <button type="submit" className="button button-secondary">{heAdminBusiness.go}</button>
      </form>
    </details>
  );
}

/** The header's user slot: sign-in for guests; the user's name (to the personal area) and sign-out once signed in. */
export function UserMenu() {
  const session = useSession();
  const { data } = useUserInfo();
  if (!session) {
    return (
      <button type="button" className="button button-secondary user-menu-button" onClick={() => authDialog.open('signIn')}>
        {heAuth.signIn}
      </button>
    );
  }
  return (
    <div className="user-menu">
      <Link to="/user" className="user-menu-name">
        {data ? heAuth.hello(data.user.firstName) : heAuth.personalArea}
      </Link>
      <MyBusinesses />
      {session.claims.role === 'admin' && <AdminOpenBusiness />}
      <button
        type="button"
        className="button button-secondary user-menu-button"
        onClick={() => {
          void signOutEverywhere();
          authDialog.open('signedOut');
        }}
      >
        {heAuth.signOut}
      </button>
    </div>
  );
}

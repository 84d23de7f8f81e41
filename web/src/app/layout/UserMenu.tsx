import { SLUG_PATTERN } from '@mc/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { heAdminBusiness } from '../../business/i18n/he-business-menu';
import { heConsoleMenu } from '../../manage/i18n/he-console-menu';
import { heAuth } from '../../kit/i18n/he';
import { authDialog } from '../../kit/auth/auth-dialog';
import { signOutEverywhere } from '../../kit/auth/session-load';
import { useSession } from '../../kit/auth/use-session';
import { businessHref, useMyBusinesses, useUserInfo } from '../../kit/auth/user-info';
import '../../kit/auth/auth.css';

/** Spec 5: a manager's pharmacies (to their back office) and cannabis companies (to their management pages). */
function MyBusinesses({ headingId }: { headingId: string }) {
  const { data } = useMyBusinesses();
  if (!data?.businesses.length) return null;
  return (
    <section className="user-menu-section" aria-labelledby={headingId}>
      <p id={headingId} className="user-menu-heading">
        {heAuth.myBusinesses}
      </p>
      <ul className="user-menu-list">
        {data.businesses.map((business) => (
          <li key={`${business.kind}:${business.slug}`}>
            <a href={businessHref(business)}>
              {business.name}
              <span className="visually-hidden"> ({business.kind === 'pharmacy' ? heAuth.pharmacy : heAuth.company})</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The patient's own lists: favourite products and price and stock alerts (issue 31). */
function MyLists({ headingId }: { headingId: string }) {
  return (
    <section className="user-menu-section" aria-labelledby={headingId}>
      <p id={headingId} className="user-menu-heading">{heAuth.personalArea}</p>
      <ul className="user-menu-list">
        <li><Link to="/user/favorites">{heAuth.favoritesTitle}</Link></li>
        <li><Link to="/user/alerts">{heAuth.alertsLink}</Link></li>
      </ul>
    </section>
  );
}

/** An admin's way into the operator's console (issue 30): the pharmacies, the accounts, the record. */
function AdminConsole({ headingId }: { headingId: string }) {
  const text = heConsoleMenu;
  return (
    <section className="user-menu-section" aria-labelledby={headingId}>
      <p id={headingId} className="user-menu-heading">{text.heading}</p>
      <ul className="user-menu-list">
        <li><Link to="/manage/pharm">{text.pharms}</Link></li>
        <li><Link to="/manage/user">{text.users}</Link></li>
        <li><Link to="/manage/audit">{text.audit}</Link></li>
      </ul>
    </section>
  );
}

/** An admin may open any pharmacy's back office (spec 6): by its slug, the services saying whether it is one. */
function AdminOpenBusiness({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [slug, setSlug] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className="user-menu-section user-menu-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const wanted = slug.trim();
        if (!SLUG_PATTERN.test(wanted)) return setInvalid(true);
        setInvalid(false);
        onDone();
        void navigate({ to: '/business/$businessId', params: { businessId: wanted } });
      }}
    >
      <p id={`${id}-title`} className="user-menu-heading">
        {heAdminBusiness.open}
      </p>
      <label htmlFor={`${id}-slug`}>{heAdminBusiness.slug}</label>
      <input
        id={`${id}-slug`} dir="ltr" value={slug} onChange={(event) => setSlug(event.target.value)} autoComplete="off"
        aria-invalid={invalid || undefined} aria-describedby={invalid ? `${id}-error` : undefined}
      />
      {invalid && <p id={`${id}-error`} className="form-error">{heAdminBusiness.invalid}</p>}
      <button type="submit" className="button button-secondary">{heAdminBusiness.go}</button>
    </form>
  );
}

/**
 * The account menu beside the greeting: the user's favourites and alerts, the user's businesses, an admin's console and way into any back office, and sign-out, in
 * one panel under the header (issue 26: as separate pieces they squeezed the desktop search box to a few letters, and
 * the businesses' list covered the sign-out button). Escape, a press outside it or a choice in it closes it.
 */
function AccountMenu({ admin }: { admin: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-menu-button"
        aria-label={heAuth.accountMenu}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        <span className="account-menu-caret" aria-hidden="true" />
      </button>
      <div
        id={`${id}-panel`}
        className="popup-panel account-menu-panel"
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        <MyLists headingId={`${id}-lists`} />
        <MyBusinesses headingId={`${id}-businesses`} />
        {admin && <AdminConsole headingId={`${id}-console`} />}
        {admin && <AdminOpenBusiness onDone={() => setOpen(false)} />}
        <button
          type="button"
          className="button button-secondary user-menu-button"
          onClick={() => {
            setOpen(false);
            void signOutEverywhere();
            authDialog.open('signedOut');
          }}
        >
          {heAuth.signOut}
        </button>
      </div>
    </div>
  );
}

/** The header's user slot: sign-in for guests; once signed in, the greeting (to the personal area) and the account menu. */
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
      <AccountMenu admin={session.claims.role === 'admin'} />
    </div>
  );
}

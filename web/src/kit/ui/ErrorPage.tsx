import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '../api/client';
import { he } from '../i18n/he';
import { track } from '../lib/analytics';
import { useDocumentTitle } from '../lib/use-document-title';
import { ContactDialog } from '../contact/ContactDialog';
import { NotFoundPage } from './NotFoundPage';

export type ErrorKind = 'not-found' | 'upgrading' | 'offline' | 'other';

/** Spec 2 and 8: which of the generic error pages an error gets. */
function errorKind(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): ErrorKind {
  if (isApiError(error)) {
    if (error.status === 404) return 'not-found';
    if (error.status === 502 || error.status === 503 || error.status === 521) return 'upgrading';
    // apiFetch's answer when the request never reached the server.
    if (error.status === 0) return online ? 'upgrading' : 'offline';
    return 'other';
  }
  if (!online || (error instanceof TypeError && /fetch|network/i.test(error.message))) return 'offline';
  return 'other';
}

/** The HTTP status of a page the server drew as the error page: 503 while the site is upgrading, otherwise 500. */
export const errorPageStatus = (error: unknown): number => (errorKind(error, true) === 'upgrading' ? 503 : 500);

/** Spec 2: the message prefixed by where it happened (the server render or the browser). */
const errorMessage = (error: unknown): string =>
  `${import.meta.env.SSR ? 'SSR' : 'Client'}: ${error instanceof Error && error.message ? error.message : String(error)}`;

const reload = () => window.location.reload();

/**
 * The site's error page, on every page whose data or drawing failed (spec 2.5, back office spec 2 and 8):
 * 502/503/521 'back soon, upgrading'; no network 'you are offline'; anything else 'something went wrong' with its
 * message (prefixed SSR or Client), reload and the contact form; a 404 the not-found page. Counted in the analytics.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const kind = errorKind(error);
  return kind === 'not-found' ? <NotFoundPage /> : <ErrorScreen kind={kind} error={error} />;
}

/** The routes' error screen (the router's default and the root's boundary). */
export const RouteErrorPage = ({ error }: ErrorComponentProps) => <ErrorPage error={error} />;

function ErrorScreen({ kind, error }: { kind: Exclude<ErrorKind, 'not-found'>; error: unknown }) {
  const text = he.errorPage;
  const title = kind === 'upgrading' ? text.upgradingTitle : kind === 'offline' ? text.offlineTitle : text.errorTitle;
  useDocumentTitle(title);
  useEffect(() => track('error_page'), []);
  return (
    <section className="state-panel" role="alert" aria-labelledby="error-page-title">
      <h1 id="error-page-title" className="state-title">{title}</h1>
      {kind === 'upgrading' && <p className="state-text">{text.upgradingText}</p>}
      {kind === 'offline' && <p className="state-text">{text.offlineText}</p>}
      {kind === 'other' && (
        <>
          <p className="state-text">{text.errorText}</p>
          <p className="state-text error-page-message" dir="auto"><bdi>{errorMessage(error)}</bdi></p>
        </>
      )}
      <div className="state-actions">
        <button type="button" className="button button-primary" onClick={reload}>{text.reload}</button>
        {kind === 'other' && <ContactDialog />}
      </div>
    </section>
  );
}

import { isApiError } from '../api/client';
import { ContactDialog } from '../components/contact/ContactDialog';
import { NotFoundPage } from '../components/NotFoundPage';
import { he } from '../i18n/he';
import { useDocumentTitle } from '../lib/use-document-title';
import { heErrorPage } from './he-dashboard';

export type ErrorKind = 'not-found' | 'upgrading' | 'offline' | 'other';

/** Spec 2 and 8: which of the generic error pages an error gets. */
export function errorKind(error: unknown, online = typeof navigator === 'undefined' || navigator.onLine): ErrorKind {
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

/** Spec 2: the message prefixed by where it happened. */
export const errorMessage = (error: unknown): string =>
  `${import.meta.env.SSR ? 'SSR' : 'Client'}: ${error instanceof Error && error.message ? error.message : String(error)}`;

const reload = () => window.location.reload();

/**
 * The back office's error page (spec 2, 8): 502/503/521 'back soon, upgrading'; no network 'you are offline';
 * anything else 'something went wrong' with its message, reload and the contact form; a 404 the not-found page.
 */
export function BusinessErrorPage({ error }: { error: unknown }) {
  const kind = errorKind(error);
  const title = kind === 'upgrading' ? heErrorPage.upgradingTitle : kind === 'offline' ? heErrorPage.offlineTitle : heErrorPage.errorTitle;
  useDocumentTitle(kind === 'not-found' ? he.loadFailedTitle : title);
  if (kind === 'not-found') return <NotFoundPage />;
  return (
    <section className="state-panel bo-error" role="alert" aria-labelledby="bo-error-title">
      <h1 id="bo-error-title" className="state-title">{title}</h1>
      {kind === 'upgrading' && <p className="state-text">{heErrorPage.upgradingText}</p>}
      {kind === 'offline' && <p className="state-text">{heErrorPage.offlineText}</p>}
      {kind === 'other' && (
        <>
          <p className="state-text">{heErrorPage.errorText}</p>
          <p className="state-text bo-error-message" dir="auto"><bdi>{errorMessage(error)}</bdi></p>
        </>
      )}
      <div className="state-actions">
        <button type="button" className="button button-primary" onClick={reload}>{heErrorPage.reload}</button>
        {kind === 'other' && <ContactDialog />}
      </div>
    </section>
  );
}

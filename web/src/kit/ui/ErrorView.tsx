import { he } from '../i18n/he';

interface ErrorViewProps {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** What went wrong in plain Hebrew, and the way forward. */
export function ErrorView({ message, onRetry, retryLabel = he.retry }: ErrorViewProps) {
  return (
    <section className="state-panel" role="alert" aria-labelledby="error-title">
      <h1 id="error-title" className="state-title">
        {he.loadFailedTitle}
      </h1>
      <p className="state-text">{message}</p>
      <div className="state-actions">
        {onRetry && (
          <button type="button" className="button button-primary" onClick={onRetry}>
            {retryLabel}
          </button>
        )}
        <a className="button button-secondary" href="/">
          {he.backHome}
        </a>
      </div>
    </section>
  );
}

import { Messages } from '@mc/contracts';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { he } from '../i18n/he';
import { track } from '../lib/analytics';
import { useDocumentTitle } from '../lib/use-document-title';

/** Shown for any unknown path, and for a product (or other entity) the API answers 404 for; counted in the analytics. */
export function NotFoundPage({ detail }: { detail?: string }) {
  useDocumentTitle(Messages.pageNotFound);
  useEffect(() => track('not_found_page'), []);
  return (
    <section className="state-panel" aria-labelledby="not-found-title">
      <p className="state-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="state-title">
        {Messages.pageNotFound}
      </h1>
      {detail && <p className="state-text">{detail}</p>}
      <div className="state-actions">
        <Link to="/" className="button button-primary">
          {he.backHome}
        </Link>
      </div>
    </section>
  );
}

import { useEffect } from 'react';
import { he } from '../i18n/he';

/**
 * Sets `document.title` to `<title> | <site name>` (or just the site title when none is given) and the
 * meta description to `description` (the site's own when none is given).
 */
export function useDocumentTitle(title?: string, description: string = he.shell.siteDescription): void {
  useEffect(() => {
    document.title = title ? `${title} | ${he.siteName}` : he.siteTitle;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}

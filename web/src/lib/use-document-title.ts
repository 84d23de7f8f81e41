import { useEffect } from 'react';
import { he } from '../i18n/he';

/** Sets `document.title` to `<title> | <site name>`, or just the site title when none is given. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${he.siteName}` : he.siteTitle;
  }, [title]);
}

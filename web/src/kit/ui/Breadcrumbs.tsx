import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { he } from '../i18n/he';
import { hePharms } from '../i18n/he-pharms';

/**
 * A page's breadcrumb from the home page (spec: the terms of use have one): home, the pages between (`children`,
 * each an `<li>`), then the current page.
 */
export function HomeBreadcrumbs({ current, children }: { current: string; children?: ReactNode }) {
  return (
    <nav aria-label={hePharms.breadcrumbs} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{he.navHome}</Link>
        </li>
        {children}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

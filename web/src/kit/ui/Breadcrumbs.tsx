import { Link } from '@tanstack/react-router';
import { he, hePharms } from '../i18n/he';

/** A page's breadcrumb from the home page (spec: the terms of use have one): home, then the current page. */
export function HomeBreadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label={hePharms.breadcrumbs} className="breadcrumbs">
      <ol>
        <li>
          <Link to="/">{he.navHome}</Link>
        </li>
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}

import { he } from '../i18n/he';

/** A page whose data is on its way (the router shows it when the page's loader takes a while). */
export function RoutePending() {
  return (
    <p className="list-loading" role="status">
      {he.loading}
    </p>
  );
}

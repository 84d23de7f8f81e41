import { he } from '../i18n/he';
import type { GeoState } from '../lib/geolocation';

/** Says that the position is being looked up, or kindly why the list is sorted by price instead. */
export function GeoNotice({ state }: { state: GeoState }) {
  if (state.status === 'locating') {
    return (
      <p className="geo-notice" role="status">
        {he.geo.locating}
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className="geo-notice geo-notice-failed" role="status">
        {he.geo[state.reason]}
      </p>
    );
  }
  return null;
}

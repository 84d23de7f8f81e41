import { he } from '../../kit/i18n/he';
import { useOutdatedVersion } from './use-version-check';
import './version-banner.css';

/** Asks for a refresh once a newer version of the site is live (the page reloads by itself 2 minutes later). */
export function VersionBanner({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const outdated = useOutdatedVersion(reload);
  return (
    <div role="status" className={outdated ? 'version-banner' : undefined}>
      {outdated && (
        <>
          <span>{he.shell.outdated}</span>
          <button type="button" className="button button-primary" onClick={reload}>
            {he.refresh}
          </button>
        </>
      )}
    </div>
  );
}

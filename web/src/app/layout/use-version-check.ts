import { useEffect, useState } from 'react';

export const VERSION_CHECK_MS = 60_000;
export const RELOAD_AFTER_MS = 2 * 60_000;

async function newerBuildIsLive(): Promise<boolean> {
  const meta = await fetch('/meta.json', { cache: 'no-store' }).then((r) => (r.ok ? r.json() : null)) as { build?: unknown } | null;
  if (typeof meta?.build !== 'string' || meta.build === __BUILD_ID__) return false;
  // Reload only onto a healthy API: a half-finished deploy would leave the shopper on an error page.
  return (await fetch('/api/health', { cache: 'no-store' })).ok;
}

/**
 * Spec 4: checks the version file every 60 s; once a newer build is live and the API answers healthy,
 * reports it (for the banner) and reloads the page 2 minutes later.
 */
export function useOutdatedVersion(reload: () => void = () => window.location.reload()): boolean {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    if (outdated) {
      const timer = setTimeout(reload, RELOAD_AFTER_MS);
      return () => clearTimeout(timer);
    }
    const timer = setInterval(() => {
      newerBuildIsLive().then((newer) => newer && setOutdated(true), () => undefined);
    }, VERSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [outdated, reload]);
  return outdated;
}

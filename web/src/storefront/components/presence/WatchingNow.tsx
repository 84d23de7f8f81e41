import { useEffect, useState } from 'react';
import { apiFetch } from '../../../kit/api/client';
import { hePresence } from '../../../kit/i18n/he-content';

const VISITOR_KEY = 'mc-visitor';
const REFRESH_MS = 60_000;

/** 128 random bits in hex. Not `crypto.randomUUID()`: it exists only in secure contexts, and an embed inside an http page is not one. */
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A random id for this browser, kept in localStorage; only ever used to count distinct visitors. */
function visitorId(): string {
  try {
    const known = localStorage.getItem(VISITOR_KEY);
    if (known) return known;
    const id = randomId();
    localStorage.setItem(VISITOR_KEY, id);
    return id;
  } catch {
    return randomId();
  }
}

/** The real number of other visitors of this page in the last five minutes; nothing while it is zero or unknown. */
export function WatchingNow({ path }: { path: string }) {
  const [watching, setWatching] = useState(0);

  useEffect(() => {
    let live = true;
    const report = () =>
      apiFetch<{ watching: number }>('/presence', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path, visitorId: visitorId() }),
      })
        .then((answer) => live && setWatching(answer.watching))
        .catch(() => undefined);
    void report();
    const timer = setInterval(report, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [path]);

  // Always rendered (empty at zero) so the line appearing does not move the page.
  return (
    <p className="watching-now" role="status">
      {watching <= 0 ? '' : watching === 1 ? hePresence.watchingOne : hePresence.watchingMany(watching)}
    </p>
  );
}

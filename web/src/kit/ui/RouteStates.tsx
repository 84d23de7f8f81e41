import { useEffect, useState } from 'react';
import { he } from '../i18n/he';

/** Spec 9: loading messages turn every 2 s. */
const LOADING_MESSAGE_MS = 2000;

/**
 * A loading line whose words turn every 2 s (spec 9) while the data is on its way. A screen reader hears 'טוען…'
 * once (the turning words are for the eye only).
 */
export function LoadingMessage({ className }: { className: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % he.loadingMessages.length), LOADING_MESSAGE_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className={className} role="status">
      <span className="visually-hidden">{he.loading}</span>
      <span aria-hidden="true">{he.loadingMessages[index]}</span>
    </p>
  );
}

/** A page whose data is on its way (the router shows it when the page's loader takes a while). */
export function RoutePending() {
  return <LoadingMessage className="list-loading" />;
}

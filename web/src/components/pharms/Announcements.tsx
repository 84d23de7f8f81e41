import type { Announcement } from '@mc/contracts';
import { useEffect, useState } from 'react';
import { hePharms } from '../../i18n/he';

/** Spec 9: announcements and slides turn every 6 s. */
export const AUTOPLAY_MS = 6000;

/** The pharmacy's announcements, one at a time, turning every 6 s; paused while hovered or focused. */
export function Announcements({ items }: { items: Announcement[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);
  if (!count) return null;
  const current = items[index % count];
  return (
    <section
      className="pharm-announcements"
      aria-label={hePharms.announcements}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {count > 1 && (
        <button type="button" className="announcement-step" aria-label={hePharms.previousSlide} onClick={() => setIndex((index + count - 1) % count)}>
          <span aria-hidden="true">→</span>
        </button>
      )}
      <p className="announcement-text" aria-live={paused ? 'polite' : 'off'}>
        {current.content}
      </p>
      {count > 1 && (
        <button type="button" className="announcement-step" aria-label={hePharms.nextSlide} onClick={() => setIndex((index + 1) % count)}>
          <span aria-hidden="true">←</span>
        </button>
      )}
    </section>
  );
}

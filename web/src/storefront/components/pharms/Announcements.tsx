import type { Announcement } from '@mc/contracts';
import { useState } from 'react';
import { hePharms } from '../../../kit/i18n/he-pharms';
import { useAutoplay } from '../../../kit/lib/use-autoplay';

/** The pharmacy's announcements, one at a time, turning every 6 s; paused while hovered or focused. */
export function Announcements({ items }: { items: Announcement[] }) {
  const [index, setIndex] = useState(0);
  const count = items.length;
  const { paused, handlers } = useAutoplay(() => setIndex((i) => (i + 1) % count), count > 1);
  if (!count) return null;
  const current = items[index % count];
  return (
    <section
      className="pharm-announcements"
      aria-label={hePharms.announcements}
      {...handlers}
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

import { useEffect, useState } from 'react';
import { track } from './analytics';

/** Spec 4: the scroll-depth flags count from this long after the page is shown (a restored position does not count). */
const SCROLL_DEPTH_DELAY_MS = 1000;
/** Spec 9's breakpoint: a phone is up to 768 px wide. */
const PHONE_MAX_WIDTH = 768;

export interface ScrollDepth {
  /** The visitor has scrolled to half the page. */
  half: boolean;
  /** The visitor has scrolled to the end of the page: 80% of it on a phone, 99% otherwise. */
  end: boolean;
}

const NONE: ScrollDepth = { half: false, end: false };

/** The share of the page above the bottom of the window, once the visitor has scrolled at all (else 0). */
function seenShare(): number {
  const height = document.documentElement.scrollHeight;
  return window.scrollY > 0 && height > 0 ? (window.scrollY + window.innerHeight) / height : 0;
}

/** Spec 4: the 'end' flag is raised at 80% of the page on a phone, at 99% otherwise. */
const endShare = (windowWidth: number): number => (windowWidth <= PHONE_MAX_WIDTH ? 0.8 : 0.99);

/**
 * Spec 4's scroll-depth flags of the page `pageKey` (its path): 'half' at 50% and 'end' at 80% (phone) or 99%,
 * from 1 s after the page is shown; each is sent once per page as a first-party analytics event (`scroll_half`,
 * `scroll_end`). Another page starts with neither.
 */
export function useScrollDepth(pageKey: string): ScrollDepth {
  const [depth, setDepth] = useState<ScrollDepth & { pageKey: string }>({ ...NONE, pageKey });
  useEffect(() => {
    const reached = { ...NONE };
    const check = () => {
      const seen = seenShare();
      const half = !reached.half && seen >= 0.5;
      const end = !reached.end && seen >= endShare(window.innerWidth);
      if (!half && !end) return;
      if (half) track('scroll_half');
      if (end) track('scroll_end');
      reached.half ||= half;
      reached.end ||= end;
      setDepth({ ...reached, pageKey });
      if (reached.end) window.removeEventListener('scroll', check);
    };
    const timer = window.setTimeout(() => {
      check();
      if (!reached.end) window.addEventListener('scroll', check, { passive: true });
    }, SCROLL_DEPTH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', check);
    };
  }, [pageKey]);
  return depth.pageKey === pageKey ? { half: depth.half, end: depth.end } : NONE;
}

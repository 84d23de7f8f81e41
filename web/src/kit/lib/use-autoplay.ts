import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';

/** Spec 9: announcements and slides turn every 6 s. */
const AUTOPLAY_MS = 6000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The visitor asked the system for less motion (never on the server). */
const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(subscribeToReducedMotion, () => window.matchMedia?.(REDUCED_MOTION).matches ?? false, () => false);

/**
 * Calls `advance` every 6 s while `enabled` (spec 9's autoplay), paused while the region is hovered or holds the
 * focus, and never for a visitor who asked for reduced motion. Spread `handlers` on the region.
 */
export function useAutoplay(advance: () => void, enabled: boolean) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused;
  const step = useRef(advance);
  useEffect(() => {
    step.current = advance;
  });
  useEffect(() => {
    if (!enabled || paused || reducedMotion) return;
    const timer = window.setInterval(() => step.current(), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [enabled, paused, reducedMotion]);
  return {
    paused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      // Focus moving inside the region keeps it paused.
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}

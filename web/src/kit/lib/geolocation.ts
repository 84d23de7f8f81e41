import type { GeoPoint } from '@mc/contracts';
import { useEffect, useState } from 'react';

/** Spec 9: up to 3 attempts with these timeouts, high accuracy; a position is reused for 5 minutes. */
const ATTEMPT_TIMEOUTS_MS = [1000, 4000, 7000] as const;
const CACHE_MS = 5 * 60 * 1000;

export type GeoFailure = 'denied' | 'timeout' | 'unavailable';

export class GeoError extends Error {
  constructor(readonly reason: GeoFailure) {
    super(reason);
    this.name = 'GeoError';
  }
}

let cached: { point: GeoPoint; at: number } | undefined;
let pending: Promise<GeoPoint> | undefined;

const listeners = new Set<(point: GeoPoint) => void>();

/** Tells `listener` about each fresh position (not those served from the cache); answers the unsubscribe. */
export function onFreshPosition(listener: (point: GeoPoint) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the cached position (tests). */
export function resetGeolocationCache(): void {
  cached = undefined;
  pending = undefined;
}

function attempt(timeout: number): Promise<GeoPoint> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      (error) => reject(error),
      { enableHighAccuracy: true, timeout, maximumAge: 0 },
    );
  });
}

function reasonOf(error: unknown): GeoFailure {
  const code = (error as GeolocationPositionError | undefined)?.code;
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

async function locateFresh(): Promise<GeoPoint> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) throw new GeoError('unavailable');
  let last: GeoFailure = 'unavailable';
  for (const timeout of ATTEMPT_TIMEOUTS_MS) {
    try {
      const point = await attempt(timeout);
      cached = { point, at: Date.now() };
      for (const listener of listeners) listener(point);
      return point;
    } catch (error) {
      last = reasonOf(error);
      // A refusal is final: asking again would only repeat it.
      if (last === 'denied') break;
    }
  }
  throw new GeoError(last);
}

/** The browser's position: from the 5-minute cache, or up to three attempts (1 s, 4 s, 7 s). */
export function locate(): Promise<GeoPoint> {
  if (cached && Date.now() - cached.at < CACHE_MS) return Promise.resolve(cached.point);
  pending ??= locateFresh().finally(() => {
    pending = undefined;
  });
  return pending;
}

/**
 * The browser's position without asking: only when the visitor has already allowed this site to know it (the
 * Permissions API says 'granted', so no prompt appears); undefined otherwise or where the API is missing.
 */
export async function positionIfGranted(): Promise<GeoPoint | undefined> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.point;
  try {
    if (typeof navigator === 'undefined' || !navigator.permissions) return undefined;
    const permission = await navigator.permissions.query({ name: 'geolocation' });
    return permission.state === 'granted' ? await locate() : undefined;
  } catch {
    return undefined;
  }
}

/** `positionIfGranted` as a hook: undefined until (and unless) an already allowed position arrives. */
export function useKnownPosition(): GeoPoint | undefined {
  const [point, setPoint] = useState<GeoPoint>();
  useEffect(() => {
    let live = true;
    void positionIfGranted().then((found) => live && found && setPoint(found));
    return () => {
      live = false;
    };
  }, []);
  return point;
}

export type GeoState =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'located'; point: GeoPoint }
  | { status: 'failed'; reason: GeoFailure };

const IDLE: GeoState = { status: 'idle' };

/** Locates the browser while `wanted` (the nearby sort is chosen); 'locating' from the first render on. */
export function useGeolocation(wanted: boolean): GeoState {
  const [state, setState] = useState<GeoState>({ status: 'locating' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState({ status: 'locating' });
    locate().then(
      (point) => live && setState({ status: 'located', point }),
      (error: unknown) => live && setState({ status: 'failed', reason: error instanceof GeoError ? error.reason : 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? state : IDLE;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeoError, locate, onFreshPosition, resetGeolocationCache } from './geolocation';

type Outcome = { lat: number; lng: number } | { code: number };

function fakeGeolocation(outcomes: Outcome[]) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
    const next = outcomes.shift() ?? { code: 2 };
    if ('code' in next) fail({ code: next.code } as GeolocationPositionError);
    else ok({ coords: { latitude: next.lat, longitude: next.lng } } as GeolocationPosition);
  });
  vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
  return getCurrentPosition;
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as GeoError).reason;
  }
  throw new Error('expected locate to fail');
}

describe('locate', () => {
  beforeEach(() => resetGeolocationCache());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('tries up to three times with 1 s, 4 s and 7 s timeouts and high accuracy', async () => {
    const get = fakeGeolocation([{ code: 3 }, { code: 2 }, { lat: 32.1, lng: 34.8 }]);
    await expect(locate()).resolves.toEqual({ lat: 32.1, lng: 34.8 });
    expect(get.mock.calls.map((call) => call[2])).toEqual([
      { enableHighAccuracy: true, timeout: 1000, maximumAge: 0 },
      { enableHighAccuracy: true, timeout: 4000, maximumAge: 0 },
      { enableHighAccuracy: true, timeout: 7000, maximumAge: 0 },
    ]);
  });

  it('gives up after three timeouts, and at once when permission is denied', async () => {
    fakeGeolocation([{ code: 3 }, { code: 3 }, { code: 3 }]);
    expect(await reasonOf(locate())).toBe('timeout');

    const get = fakeGeolocation([{ code: 1 }]);
    expect(await reasonOf(locate())).toBe('denied');
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('reuses a position for 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const get = fakeGeolocation([{ lat: 31, lng: 35 }, { lat: 32, lng: 34 }]);
    await locate();
    vi.advanceTimersByTime(4 * 60 * 1000);
    await expect(locate()).resolves.toEqual({ lat: 31, lng: 35 });
    vi.advanceTimersByTime(2 * 60 * 1000);
    await expect(locate()).resolves.toEqual({ lat: 32, lng: 34 });
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('tells listeners of each fresh position, not of one served from the cache', async () => {
    fakeGeolocation([{ lat: 31, lng: 35 }]);
    const heard = vi.fn();
    const stop = onFreshPosition(heard);
    await locate();
    await locate();
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith({ lat: 31, lng: 35 });
  });

  it('says unavailable when the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', {});
    expect(await reasonOf(locate())).toBe('unavailable');
  });
});

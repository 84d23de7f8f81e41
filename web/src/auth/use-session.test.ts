import { describe, expect, it } from 'vitest';
import { REFRESH_EVERY_MS, refreshDelay } from './use-session';

describe('token refresh timing', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('refreshes hourly, but a few minutes before a one-hour token expires', () => {
    expect(refreshDelay(undefined, now)).toBe(REFRESH_EVERY_MS);
    expect(refreshDelay(now / 1000 + 3600, now)).toBe(55 * 60_000);
    expect(refreshDelay(now / 1000 + 24 * 3600, now)).toBe(REFRESH_EVERY_MS);
  });

  it('never loops on a token about to expire', () => {
    expect(refreshDelay(now / 1000 + 60, now)).toBe(10_000);
  });
});

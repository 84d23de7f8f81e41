import { describe, expect, it } from 'vitest';
import { REFRESH_EVERY_MS, refreshDelay } from './use-session';

describe('token refresh timing', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');
  it('refreshes hourly, but a few minutes before a one-hour token expires', () => {
    expect(refreshDelay(undefined, now)).toBe(REFRESH_EVERY_MS);
    expect(refreshDelay(now / 1000 + 3600, now)).toBe(55 * 60_000);
    expect(refreshDelay(now / 1000 + 24 * 3600, now)).toBe(REFRESH_EVERY_MS);
  });

  it("refreshes a manager's five-minute token a minute before it expires", () => {
    expect(refreshDelay(now / 1000 + 300, now)).toBe(4 * 60_000);
  });

  it('never loops on a token about to expire', () => {
    expect(refreshDelay(now / 1000 + 60, now)).toBe(48_000);
    expect(refreshDelay(now / 1000 + 5, now)).toBe(10_000);
  });
});

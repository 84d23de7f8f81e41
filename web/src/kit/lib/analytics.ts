import type { AnalyticsEvent } from '@mc/contracts';
import { apiFetch } from '../api/client';

/** `POST /api/analytics` (the events of `ANALYTICS_EVENTS`): fire and forget; never blocks the page and never fails it. */
export function track(event: AnalyticsEvent): void {
  try {
    void apiFetch<void>('/analytics', { method: 'POST', body: JSON.stringify({ event }), keepalive: true }).catch(() => undefined);
  } catch {
    // Analytics never breaks the page.
  }
}

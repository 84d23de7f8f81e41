import { apiFetch } from '../api/client';

/** The first-party analytics events of spec 7 (counted per day by the server; no personal data). */
export type AnalyticsEvent = 'begin_checkout' | 'purchase';

/** `POST /api/analytics`: fire and forget; never blocks the page and never fails it. */
export function track(event: AnalyticsEvent): void {
  try {
    void apiFetch<void>('/analytics', { method: 'POST', body: JSON.stringify({ event }), keepalive: true }).catch(() => undefined);
  } catch {
    // Analytics never breaks the page.
  }
}

export type ComponentState = 'up' | 'down';

/** What `<service>.health` answers. */
export interface ServiceHealth {
  service: string;
  status: ComponentState;
  checks: Record<string, ComponentState>;
}

/** What the gateway's `/api/health` answers. */
export interface SystemHealth {
  status: 'ok' | 'degraded';
  services: Record<string, ComponentState>;
}

/**
 * What the gateway's `/api/health/page-cache` answers: the server-drawn pages kept for `PAGE_CACHE_MS`, counted
 * since the gateway started. `hitRate` is the share of pages sent without a render of their own (hits and shared).
 */
export interface PageCacheStats {
  ttlMs: number;
  /** Answered from a kept page. */
  hits: number;
  /** Drawn for this request (none kept, or the kept one expired). */
  misses: number;
  /** Waited for the render another request of the same address had started. */
  shared: number;
  hitRate: number;
  entries: number;
  bytes: number;
}

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

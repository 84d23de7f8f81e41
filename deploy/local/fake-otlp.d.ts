export interface ReceivedSpan { service: string; name: string; kind: number; traceId: string; spanId: string; parentSpanId: string | null }
export function startFakeOtlp(options?: { port?: number }): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }>;

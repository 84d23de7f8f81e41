/** The envelope of every durable event published on JetStream. */
export interface EventEnvelope<T = unknown> {
  eventId: string;
  type: string;
  version: number;
  occurredAt: string;
  correlationId: string;
  /** The W3C trace context of the writer's transaction (`traceparent`), when a trace was being recorded. */
  trace?: Record<string, string>;
  data: T;
}

import type { ConsumerName, EventConsumerRoutes } from '@mc/contracts';
import type { EventHandler } from './consumer';

/** The consumer a method is (metadata on the method). */
export const CONSUMES_EVENTS = Symbol('mc:consumes-events');

export interface ConsumesEventsOptions {
  maxDeliver?: number;
  ackWaitMs?: number;
}

export interface ConsumesEventsMetadata extends ConsumesEventsOptions {
  durable: ConsumerName;
}

/** The subject filter of a durable consumer of the bus. */
export type ConsumerFilter<D extends ConsumerName> = (typeof EventConsumerRoutes)[D]['filter'];

/**
 * Makes a provider's method the durable consumer `durable` of the bus (`EventConsumerRoutes`: its subject filter, on its
 * publisher's stream). The kit starts it when the service has booted (unless `CONSUME_EVENTS` is false), hands it each
 * event once, its payload already its subject's DTO, in the transaction that records the event in the inbox, and stops
 * it on shutdown. The method's event type is the filter's: a method that expects another does not compile.
 */
export function ConsumesEvents<D extends ConsumerName>(durable: D, options: ConsumesEventsOptions = {}) {
  return (_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<EventHandler<ConsumerFilter<D>>>): void => {
    const metadata: ConsumesEventsMetadata = { durable, ...options };
    Reflect.defineMetadata(CONSUMES_EVENTS, metadata, descriptor.value as object);
  };
}

/** The consumer a provider's method is, if it is one. */
export const consumerOf = (method: unknown): ConsumesEventsMetadata | undefined =>
  typeof method === 'function' ? (Reflect.getMetadata(CONSUMES_EVENTS, method) as ConsumesEventsMetadata | undefined) : undefined;

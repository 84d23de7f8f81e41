import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { EventConsumerRoutes, RequestRoutes, serverOf, type EventConsumerRoute } from '@mc/contracts';
import { consumerOf } from '../messaging/consumes-events';
import type { ServiceDefinition } from '../service';

type ModuleRef = Type<unknown> | DynamicModule | Promise<DynamicModule> | { forwardRef: () => unknown };

/** Every controller and provider class of a service's modules (its `imports`, followed down), read from Nest's metadata. */
function classesOf(def: ServiceDefinition): Type<unknown>[] {
  const seen = new Set<unknown>();
  const classes: Type<unknown>[] = [];
  const visit = (ref: ModuleRef | undefined): void => {
    if (!ref || ref instanceof Promise) return;
    if ('forwardRef' in ref) return visit(ref.forwardRef() as ModuleRef);
    const dynamic = typeof ref === 'function' ? undefined : ref;
    const module = dynamic ? dynamic.module : (ref as Type<unknown>);
    if (seen.has(dynamic ?? module)) return;
    seen.add(dynamic ?? module);
    const read = (key: string): unknown[] => [...((Reflect.getMetadata(key, module) as unknown[] | undefined) ?? []), ...((dynamic?.[key as keyof DynamicModule] as unknown[] | undefined) ?? [])];
    for (const child of read(MODULE_METADATA.IMPORTS)) visit(child as ModuleRef);
    for (const cls of [...read(MODULE_METADATA.CONTROLLERS), ...read(MODULE_METADATA.PROVIDERS)]) if (typeof cls === 'function') classes.push(cls as Type<unknown>);
  };
  for (const module of def.imports) visit(module);
  return [...new Set(classes)];
}

const methodsOf = (cls: Type<unknown>): unknown[] =>
  Object.getOwnPropertyNames(cls.prototype).filter((name) => name !== 'constructor').map((name) => Object.getOwnPropertyDescriptor(cls.prototype, name)?.value);

/** What a service's code handles: the request subjects of its `@MessagePattern`s and the durables of its `@ConsumesEvents`. */
export function busHandlersOf(def: ServiceDefinition): { requests: string[]; consumers: string[] } {
  const requests: string[] = [];
  const consumers: string[] = [];
  for (const cls of classesOf(def)) {
    for (const method of methodsOf(cls)) {
      if (typeof method !== 'function') continue;
      for (const pattern of (Reflect.getMetadata(PATTERN_METADATA, method) as unknown[] | undefined) ?? []) requests.push(String(pattern));
      const consumer = consumerOf(method);
      if (consumer) consumers.push(consumer.durable);
    }
  }
  return { requests: requests.sort(), consumers: consumers.sort() };
}

/** What the bus map gives a service: the request subjects it serves and the durable consumers it runs. */
export function busMapOf(def: ServiceDefinition): { requests: string[]; consumers: string[] } {
  return {
    requests: Object.keys(RequestRoutes).filter((subject) => serverOf(subject) === def.name).sort(),
    consumers: (Object.entries(EventConsumerRoutes) as [string, EventConsumerRoute][]).filter(([, route]) => route.by === def.name).map(([durable]) => durable).sort(),
  };
}

/**
 * The test every service has: its handlers are the bus map's for it, each once (`RequestRoutes` served by it,
 * `EventConsumerRoutes` run by it): a subject the map gives it without a handler, or a handler of a subject the map
 * does not give it, fails.
 */
export function describeBusMap(def: ServiceDefinition): void {
  describe(`${def.name}'s handlers and the bus map`, () => {
    it('handles every request subject the map gives it, once, and no other', () => {
      expect(busHandlersOf(def).requests).toEqual(busMapOf(def).requests);
    });

    it('runs every durable consumer the map gives it, once, and no other', () => {
      expect(busHandlersOf(def).consumers).toEqual(busMapOf(def).consumers);
    });
  });
}

import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { EventRoutes, type EventRoute } from './bus';

/** A consumed event's payload as its subject's DTO, or what in it does not fit the DTO. */
export type CheckedPayload = { ok: true; data: object } | { ok: false; problems: string[] };

/**
 * Checks an event's payload against its subject's DTO (`EventRoutes`), once, as the kit's consumer takes it: the payload
 * as the DTO's instance (its transforms applied), or the problems, named by path and rule only, never by value (a
 * payload may carry personal data). Properties the DTO does not name are kept (a newer publisher may add some).
 */
export function checkEventPayload(type: string, data: unknown): CheckedPayload {
  const route = (EventRoutes as Record<string, EventRoute<object> | undefined>)[type];
  if (!route) return { ok: false, problems: ['type: not an event of the bus'] };
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, problems: ['data: not an object'] };
  const payload = plainToInstance(route.dto, data);
  const errors = validateSync(payload, { forbidUnknownValues: false });
  return errors.length ? { ok: false, problems: problemsOf(errors) } : { ok: true, data: payload };
}

function problemsOf(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => {
    const path = parent ? `${parent}.${e.property}` : e.property;
    const own = e.constraints ? [`${path}: ${Object.keys(e.constraints).join(', ')}`] : [];
    return [...own, ...problemsOf(e.children ?? [], path)];
  });
}

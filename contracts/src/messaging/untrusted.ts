import { SLUG_PATTERN } from '../catalog/product';
import { withoutControlChars } from '../rules/control-chars';

/**
 * Reading data another service sent in an event (checked, never trusted: a request's payload is validated by its
 * DTO instead). Each gives the value when it fits, or undefined, never throwing.
 */
export type UntrustedRecord = Record<string, unknown>;

/** An object's fields, or no fields when it is not a plain object. */
export const asRecord = (value: unknown): UntrustedRecord =>
  (value && typeof value === 'object' && !Array.isArray(value) ? (value as UntrustedRecord) : {});

/** Text without control characters, trimmed and cut to `max` characters; undefined when nothing is left. */
export function cleanText(value: unknown, max = 200): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const s = withoutControlChars(String(value)).trim().slice(0, max);
  return s ? s : undefined;
}

/** A slug of at most 200 characters. */
export function cleanSlug(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 && SLUG_PATTERN.test(value) ? value : undefined;
}

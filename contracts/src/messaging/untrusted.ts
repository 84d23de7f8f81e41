import { withoutControlChars } from '../rules/control-chars';

/** Text without control characters, trimmed and cut to `max` characters; undefined when nothing is left. */
export function cleanText(value: unknown, max = 200): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const s = withoutControlChars(String(value)).trim().slice(0, max);
  return s ? s : undefined;
}

/**
 * A path or query number for the service's DTO: digits as a number, nothing as undefined, anything else as it came,
 * for the service to refuse with its 400 (not NaN, which JSON would carry as null: no page at all).
 */
export const asNumber = (raw: unknown): number | undefined =>
  (raw === undefined || raw === '' ? undefined : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : (raw as number));

/** A query's text, or undefined when empty. */
export const asText = (raw: unknown): string | undefined => (raw === undefined || raw === '' ? undefined : (raw as string));

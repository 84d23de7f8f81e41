/**
 * Waiting for a condition, not for time: every test that polls the system (a read model catching up, a row
 * leaving the outbox, a mail arriving, a cache or rate-limit window passing) asks the system again until the
 * answer is the one it awaits, and fails with a message naming what it awaited if the deadline passes first.
 * No imports, so a test of any level can use it.
 */
export interface WaitForOptions<T> {
  /** When the answer is the awaited one; by default when it is truthy. */
  until?: (value: T) => boolean;
  /** The deadline, from the first try; 10 s by default (under Jest's 30 s, so the failure names its step). */
  timeoutMs?: number;
  /** The pause between tries; 50 ms by default. */
  intervalMs?: number;
}

/**
 * Calls `probe` until its answer satisfies `until` (by default: until it is truthy) and resolves that answer.
 * A probe that throws counts as "not yet" (the service may be restarting); after `timeoutMs` it rejects with
 * `timed out after <n> ms waiting for <what>`, and the last answer or error.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, options: WaitForOptions<T> = {}): Promise<T> {
  const { until = (value: T) => Boolean(value), timeoutMs = 10_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  let last: { value: T } | { error: unknown } | undefined;
  for (;;) {
    try {
      const value = await probe();
      if (until(value)) return value;
      last = { value };
    } catch (error) {
      last = { error };
    }
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last ${describe(last)}`);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(intervalMs, deadline - Date.now()))));
  }
}

function describe(last: { value: unknown } | { error: unknown } | undefined): string {
  if (!last) return 'nothing';
  if ('error' in last) return `error: ${last.error instanceof Error ? last.error.message : asText(last.error)}`;
  return `answer: ${asText(last.value)}`;
}

/** A value as JSON where it can be (a service's refusal is a plain object), cut to 500 characters. */
function asText(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.slice(0, 500);
}

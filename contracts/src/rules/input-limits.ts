import { Messages } from '../messages';
import { CONTROL_CHARS } from './control-chars';

/**
 * What no service can use: refused by the gateway before it travels, and again at each service's edge (a
 * request subject is open to anything on the bus). A service answering such input with a 5xx would count
 * against its circuit breaker and take it away from every other caller.
 */
export const INPUT_LIMITS = {
  /** Objects and arrays inside each other; the deepest request body of the API has 3 levels. */
  maxDepth: 8,
  /** Characters of one string or key: above every field's own limit (the longest, a contact message, is 3000). */
  maxStringLength: 10_000,
  /** Bytes of a request body: well under NATS's 1 MB message, with room for the token and headers beside it. */
  maxBodyBytes: 256 * 1024,
} as const;

export type UnusableInput = { message: string };

const controlChars: UnusableInput = { message: Messages.inputControlChars };
const tooDeep: UnusableInput = { message: Messages.inputTooDeep };
const tooLong: UnusableInput = { message: Messages.inputTooLong };

function checkString(value: string): UnusableInput | undefined {
  if (value.length > INPUT_LIMITS.maxStringLength) return tooLong;
  return CONTROL_CHARS.test(value) ? controlChars : undefined;
}

/** Why `value` (a parsed body, query or request payload) cannot be used, or undefined when it can. */
export function findUnusableInput(value: unknown, depth = 0): UnusableInput | undefined {
  if (typeof value === 'string') return checkString(value);
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= INPUT_LIMITS.maxDepth) return tooDeep;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findUnusableInput(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = checkString(key) ?? findUnusableInput(item, depth + 1);
    if (found) return found;
  }
  return undefined;
}

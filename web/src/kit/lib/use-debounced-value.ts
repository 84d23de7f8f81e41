import { useEffect, useState } from 'react';

/** Spec 9: lists load about 100 ms after a change, so quick clicks make one request. */
export const LIST_DELAY_MS = 100;

/** `value`, once it has stayed the same for `delay` ms (lists load about 100 ms after a change). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

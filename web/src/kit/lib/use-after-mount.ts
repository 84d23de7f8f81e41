import { useEffect, useState } from 'react';

/**
 * False on the server and in the browser's first render (the one that adopts the server's HTML), true from the next:
 * a part whose code loads on demand (`React.lazy`) waits for it, so the server never draws it half-loaded and the
 * browser's first render matches the server's.
 */
export function useAfterMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

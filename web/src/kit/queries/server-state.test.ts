import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { adoptServerState, SERVER_STATE_FRESH_MS } from './server-state';

function scriptWith(text: string): HTMLScriptElement {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = text;
  return script;
}

describe('adoptServerState', () => {
  it("starts the cache with the server render's answers, fresh for a minute, so the page is not asked for again", async () => {
    const server = new QueryClient();
    server.setQueryData(['products', 'detail', 'x'], { product: { slug: 'x' } });
    const client = createQueryClient();

    expect(adoptServerState(client, scriptWith(JSON.stringify(dehydrate(server))))).toBe(true);

    let fetched = 0;
    const observer = new QueryObserver(client, { queryKey: ['products', 'detail', 'x'], queryFn: () => ++fetched });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(observer.getCurrentResult().data).toEqual({ product: { slug: 'x' } });
    expect(observer.getCurrentResult().isStale).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched).toBe(0);
    expect(client.getQueryDefaults(['products', 'detail', 'x']).staleTime).toBe(SERVER_STATE_FRESH_MS);
    unsubscribe();
  });

  it('keeps an answer the page has not yet asked for (the browser cache would drop it at once)', async () => {
    const server = new QueryClient();
    server.setQueryData(['pharms', 'slides', 'p'], { slides: [] });
    const client = createQueryClient();
    adoptServerState(client, scriptWith(JSON.stringify(dehydrate(server))));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(client.getQueryData(['pharms', 'slides', 'p'])).toEqual({ slides: [] });
  });

  it('answers false, with an empty cache, for a page the server did not draw or a malformed script', () => {
    const client = createQueryClient();
    expect(adoptServerState(client, null)).toBe(false);
    expect(adoptServerState(client, scriptWith('{not json'))).toBe(false);
    expect(adoptServerState(client, scriptWith('{"queries":"no"}'))).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

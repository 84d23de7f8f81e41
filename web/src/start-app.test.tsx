import { Messages } from '@mc/contracts';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, type ServerPage } from './entry-server';
import { drGreen, landingAnswers, merkaz } from './landing.test-data';
import { startApp } from './start-app';

// The pages' code arrives after the router's pending time (1 s): a page drawn while it loads would be its pending screen.
const CHUNK_MS = 1500;
vi.mock('./storefront/routes/product.page', async (load) => (await new Promise((resolve) => setTimeout(resolve, CHUNK_MS)), load()));
vi.mock('./storefront/routes/pharm.page', async (load) => (await new Promise((resolve) => setTimeout(resolve, CHUNK_MS)), load()));

afterEach(() => vi.restoreAllMocks());

describe('startApp on a page the server drew', () => {
  // A landing page's component loads with its route, after the app's own code: the page the server drew must stay as
  // drawn until it is there, then be taken over node for node (never replaced by the router's pending screen).
  it.each(['/products/dr-green', '/pharms/merkaz'])('takes %s over as drawn, once its page has loaded: the same nodes, no pending screen', async (path) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const body = landingAnswers[new URL(String(input), 'http://localhost').pathname];
      return new Response(JSON.stringify(body ?? { statusCode: 404, code: 'NOT_FOUND', message: Messages.pageNotFound }), { status: body ? 200 : 404 });
    });
    // Drawn as the server draws it: without a document or a window (the router and the page then render as there).
    vi.stubGlobal('document', undefined);
    vi.stubGlobal('window', undefined);
    const page = (await renderPage(path).finally(() => vi.unstubAllGlobals())) as ServerPage;
    expect(page.status).toBe(200);
    document.body.innerHTML = `<div id="root">${page.html}</div><script id="mc-query-state" type="application/json">${JSON.stringify(page.state)}</script>`;
    window.history.replaceState(null, '', path);
    const root = document.getElementById('root')!;
    const heading = root.querySelector('h1')!;
    expect(heading.textContent).toBe(path.startsWith('/products') ? drGreen.name : merkaz.name);
    const pending: string[] = [];
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (node instanceof Element && (node.matches('.skeleton-title, .list-loading') || node.querySelector('.skeleton-title, .list-loading'))) pending.push(node.outerHTML);
      }
    }).observe(root, { childList: true, subtree: true });
    const errors = vi.spyOn(console, 'error');

    const app = await startApp();

    // React adopted the server's heading (hydrated it), and it is still in the page.
    await waitFor(() => expect(Object.keys(heading).some((key) => key.startsWith('__reactFiber'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heading.isConnected).toBe(true);
    expect(pending).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    app.unmount();
    // Until React has done with it (the next render stubs the window out).
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});

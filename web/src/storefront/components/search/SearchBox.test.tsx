import { Messages, type SearchResponse } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../kit/queries/query-client';
import { SearchBox } from './SearchBox';

const answer: SearchResponse = {
  total: 2,
  results: [
    {
      type: 'product',
      data: {
        name: 'דוקטור גרין T20/C4',
        slug: 'dr-green-t20-c4',
        imageUrl: null,
        info: { company: 'שדות הגליל', thccbdDosage: 'T20/C4' },
      } as never,
    },
    { type: 'pharm', data: { slug: 'layla-haifa', name: 'בית מרקחת לילה', city: 'חיפה', address: 'מוריה 98', logo_url: null } },
  ],
};

function renderBox() {
  const rootRoute = createRootRoute({ component: () => <SearchBox />, notFoundComponent: () => null });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  );
  return router;
}

const input = () => screen.findByRole('combobox', { name: 'חיפוש מוצר או בית מרקחת' });

describe('SearchBox', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('scrollTo', vi.fn());
  });

  afterEach(() => vi.unstubAllGlobals());

  it('asks once for 5 suggestions after the typing pauses, and moves through them with the arrows', async () => {
    renderBox();
    const box = await input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'ג' } });
    fireEvent.change(box, { target: { value: 'גרין' } });
    expect(screen.getByText('מחפשים…')).toBeTruthy();

    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    expect(options).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe(`/api/search?term=${encodeURIComponent('גרין')}&limit=5`);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(options[1].getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the chosen suggestion: a product page or a pharmacy page', async () => {
    const router = renderBox();
    const box = await input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'לילה' } });
    await screen.findAllByRole('option', {}, { timeout: 2000 });

    fireEvent.keyDown(box, { key: 'ArrowUp' });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pharms/layla-haifa'));

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    await act(async () => fireEvent.click(screen.getAllByRole('option')[0]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products/dr-green-t20-c4'));
  });

  it("says 'לא נמצאו תוצאות' when nothing matches", async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ total: 0, results: [] }), { status: 200 }));
    renderBox();
    const box = await input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect((await screen.findAllByText('לא נמצאו תוצאות', {}, { timeout: 2000 })).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it.each([
    ['an English message', () => new Response(JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error' }), { status: 500 })],
    ['a proxy page', () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows a Hebrew message, never an English one, when the suggestions fail with %s', async (_, answer) => {
    fetchMock.mockImplementation(answer);
    renderBox();
    const box = await input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'גרין' } });
    const message = await screen.findByText(/זמנית לא ניתן לטעון את התוצאות|השירות אינו זמין כרגע/, {}, { timeout: 2000 });
    expect(message.textContent).toMatch(/^[^A-Za-z]+$/);
  });

  it("shows the server's Hebrew message (too many requests) as it is", async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: Messages.tooManyRequests }), { status: 429 }));
    renderBox();
    const box = await input();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'גרין' } });
    expect(await screen.findByText(Messages.tooManyRequests, {}, { timeout: 2000 })).toBeTruthy();
  });

  it('submits the term to /search, and an empty search to /products', async () => {
    const router = renderBox();
    const box = await input();
    fireEvent.change(box, { target: { value: '  גרין ' } });
    await act(async () => fireEvent.submit(box.closest('form')!));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({ term: 'גרין' });

    fireEvent.change(box, { target: { value: ' ' } });
    await act(async () => fireEvent.submit(box.closest('form')!));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });
});

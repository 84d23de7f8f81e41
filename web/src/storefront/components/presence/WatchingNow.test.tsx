import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchingNow } from './WatchingNow';

function answering(watching: number) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify({ watching }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('WatchingNow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports the visit with a stable visitor id and shows the real count of others', async () => {
    const fetchMock = answering(3);
    render(<WatchingNow path="/products/dr-green-t20-c4" />);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', '3 אנשים נוספים צופים בדף זה עכשיו');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/presence');
    const body = JSON.parse(String(init.body));
    expect(body).toEqual({ path: '/products/dr-green-t20-c4', visitorId: localStorage.getItem('mc-visitor') });
  });

  it('shows nothing when nobody else is there', async () => {
    const fetchMock = answering(0);
    const { container } = render(<WatchingNow path="/pharms/merkaz-tel-aviv" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});

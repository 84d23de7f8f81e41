import type { Pharm, PharmListResponse } from '@mc/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetGeolocationCache } from '../../kit/lib/geolocation';
import { pharmProductRoute } from './pharm-product';
import { pharmsRoute } from './pharms';
import { renderRoutes } from '../../app/testing/render-routes';
import { pharmFixture } from '../fixtures.test-data';

const pharm = (slug: string): Pharm => pharmFixture({ name: `בית מרקחת ${slug}`, slug });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/pharms') {
      const body: PharmListResponse = { pharms: [pharm('a'), pharm('b')], total: 2, perPage: 20, currentPage: 1, filtersData: {} };
      return json(body);
    }
    if (url.pathname === '/api/locations') return json({ locations: [{ id: 4, parentId: 1, type: 'district', displayText: 'חיפה' }] });
    return json({ latestProducts: [], footerLinks: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  return renderRoutes([pharmsRoute, pharmProductRoute], url);
}

describe('/pharms', () => {
  it('lists pharmacy cards and keeps the filters in the URL', async () => {
    const router = renderAt('/pharms?delivery=bogus');
    expect(await screen.findByRole('link', { name: 'בית מרקחת a' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('2 בתי מרקחת')).toBeTruthy();
    // An unknown delivery value is ignored.
    expect((screen.getByRole('combobox', { name: 'משלוחים' }) as HTMLSelectElement).value).toBe('');
    fireEvent.click(screen.getByRole('checkbox', { name: 'פתוח עכשיו' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'אזור' }), { target: { value: '4' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ open: 1, locationRadius: 4 }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('open=1&locationRadius=4'));
  });
});

describe('/pharms nearest first', () => {
  beforeEach(() => resetGeolocationCache());

  it('sorts nearest first once the visitor has allowed the position: the URL says so and the list is asked with it', async () => {
    const getCurrentPosition = (ok: PositionCallback) => ok({ coords: { latitude: 32.1, longitude: 34.8 } } as GeolocationPosition);
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition }, permissions: { query: async () => ({ state: 'granted' }) } });
    const router = renderAt('/pharms?open=1');
    await waitFor(() => expect(router.state.location.search).toEqual({ open: 1, sortBy: 'nearby' }));
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('open=1&lat=32.1&lng=34.8&sortBy=nearby'));
  });

  it('stays as it is, asking nothing, while the position is not allowed', async () => {
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition }, permissions: { query: async () => ({ state: 'prompt' }) } });
    const router = renderAt('/pharms');
    expect(await screen.findByRole('link', { name: 'בית מרקחת a' }, { timeout: 4000 })).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });
});

describe('/pharms/{slug}/products/{id}', () => {
  it("answers a non-numeric id with 'כתובת לא תקינה'", async () => {
    renderAt('/pharms/a/products/abc');
    expect(await screen.findByText('כתובת לא תקינה')).toBeTruthy();
  });
});

import type { LayoutResponse } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../kit/queries/query-client';
import { SiteFooter } from './SiteFooter';

const layout: LayoutResponse = {
  latestProducts: [{ name: 'עיט הכרמל T10/C10', slug: 'carmel-eagle-t10-c10' } as never],
  footerLinks: [
    {
      label: 'מידע',
      url: '/faq',
      newWindow: false,
      children: [
        { label: 'הצהרת נגישות', url: '/accessibility', newWindow: false, children: [] },
        { label: 'משרד הבריאות', url: 'https://www.gov.il/he', newWindow: true, children: [] },
      ],
    },
  ],
};

describe('SiteFooter', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(layout), { status: 200 })));
    vi.stubGlobal('scrollTo', vi.fn());
  });

  afterEach(() => vi.unstubAllGlobals());

  it('lists the latest products and the layout links; internal ones open in the app, new-window ones safely', async () => {
    const rootRoute = createRootRoute({ component: () => <SiteFooter />, notFoundComponent: () => null });
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>,
    );

    const product = await screen.findByRole('link', { name: 'עיט הכרמל T10/C10' });
    expect(product.getAttribute('href')).toBe('/products/carmel-eagle-t10-c10');
    const external = screen.getByRole('link', { name: 'משרד הבריאות' });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');

    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'הצהרת נגישות' })));
    expect(router.state.location.pathname).toBe('/accessibility');
  });
});

import { createRoute } from '@tanstack/react-router';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageShell } from '../kit/queries/route-data';
import { rootRoute } from './root';
import { renderRoutes } from './testing/render-routes';

const listPage = createRoute({
  getParentRoute: () => rootRoute,
  path: '/list',
  staticData: { background: 'surface' },
  component: () => <h1>רשימה</h1>,
});
const taggedPage = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tagged',
  loader: (): PageShell => ({ footerGroups: [{ title: 'תגיות', links: [{ label: 'סאטיבה', url: '/tags/sativa', newWindow: false, children: [] }] }] }),
  component: () => <h1>עמוד</h1>,
});

function renderAt(path: string) {
  renderRoutes([listPage, taggedPage], path);
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ latestProducts: [], footerLinks: [] }), { status: 200 })));
});
afterEach(() => vi.unstubAllGlobals());

describe('the site shell per page (spec 2.5)', () => {
  it("draws a page on its own background, and others on the site's", async () => {
    renderAt('/list');
    await screen.findByRole('heading', { name: 'רשימה' });
    expect(screen.getByRole('main').dataset.background).toBe('surface');
  });

  it("adds the page's own footer links, from its route's loader", async () => {
    renderAt('/tagged');
    await screen.findByRole('heading', { name: 'עמוד' });
    expect(screen.getByRole('main').dataset.background).toBeUndefined();
    const footer = screen.getByRole('navigation', { name: 'קישורים' });
    expect(within(footer).getByRole('heading', { name: 'תגיות' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'סאטיבה' }).getAttribute('href')).toBe('/tags/sativa');
  });
});

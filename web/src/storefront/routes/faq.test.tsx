import type { FaqItem } from '@mc/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../kit/queries/query-client';
import { faqRoute } from './faq';
import { rootRoute } from '../../app/root';

const faq: FaqItem[] = [
  { id: 1, category: 'regulatory', question: 'שאלה ראשונה?', answer: 'תשובה ראשונה', medicalDisclaimer: false },
  { id: 2, category: 'educational', question: 'שאלה שנייה?', answer: 'תשובה שנייה', medicalDisclaimer: true },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      // The site shell asks for its own data: nothing of it matters here.
      const body = new URL(String(input), 'http://localhost').pathname === '/api/faq' ? { faq } : { latestProducts: [], footerLinks: [] };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Whether a text is in an answer that is not hidden. */
const shown = (text: string | RegExp) => !screen.getByText(text).closest('[hidden]');

describe('/faq', () => {
  it('opens several questions at once and shows the medical disclaimer', async () => {
    const router = createRouter({
      routeTree: rootRoute.addChildren([faqRoute]),
      history: createMemoryHistory({ initialEntries: ['/faq'] }),
      context: { queryClient: createQueryClient() },
    });
    const queryClient = router.options.context.queryClient;
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const first = await screen.findByRole('button', { name: /שאלה ראשונה/ });
    const second = screen.getByRole('button', { name: /שאלה שנייה/ });
    expect(screen.getByRole('heading', { level: 2, name: 'רגולציה' })).toBeTruthy();
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(shown('תשובה ראשונה')).toBe(false);
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(shown('תשובה ראשונה')).toBe(true);
    expect(shown(/אינו מהווה ייעוץ רפואי/)).toBe(true);
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollDepth } from './use-scroll-depth';

/** A page 2,000 px high in a window `width` × 500 px. */
function page(width: number) {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('innerHeight', 500);
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 2000 });
}

/** Scrolls so that `share` of the page is above the bottom of the window. */
function scrollTo(share: number) {
  act(() => {
    vi.stubGlobal('scrollY', share * 2000 - 500);
    window.dispatchEvent(new Event('scroll'));
  });
}

let events: string[];

beforeEach(() => {
  vi.useFakeTimers();
  events = [];
  vi.stubGlobal('fetch', vi.fn(async (_input: string, init: RequestInit) => {
    events.push(JSON.parse(String(init.body)).event);
    return new Response(null, { status: 204 });
  }));
  vi.stubGlobal('scrollY', 0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useScrollDepth', () => {
  it("raises 'half' at 50% and 'end' at 80% on a phone, once each, only from 1 s after the page is shown", async () => {
    page(390);
    const { result } = renderHook(() => useScrollDepth('/products'));
    scrollTo(0.6);
    expect(result.current).toEqual({ half: false, end: false });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toEqual({ half: false, end: false });
    // At 1 s the position already reached counts.
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ half: true, end: false });
    scrollTo(0.79);
    expect(result.current.end).toBe(false);
    scrollTo(0.8);
    expect(result.current).toEqual({ half: true, end: true });
    scrollTo(0.5);
    scrollTo(0.9);
    await vi.waitFor(() => expect(events).toEqual(['scroll_half', 'scroll_end']));
  });

  it("raises 'end' only at 99% on a wider screen", () => {
    page(1280);
    const { result } = renderHook(() => useScrollDepth('/products'));
    act(() => vi.advanceTimersByTime(1000));
    scrollTo(0.9);
    expect(result.current).toEqual({ half: true, end: false });
    scrollTo(0.99);
    expect(result.current).toEqual({ half: true, end: true });
  });

  it('starts again on another page, counting from its own first second', () => {
    page(390);
    const { result, rerender } = renderHook(({ path }) => useScrollDepth(path), { initialProps: { path: '/products' } });
    act(() => vi.advanceTimersByTime(1000));
    scrollTo(0.9);
    expect(result.current).toEqual({ half: true, end: true });
    rerender({ path: '/pharms' });
    expect(result.current).toEqual({ half: false, end: false });
    scrollTo(0.9);
    expect(result.current).toEqual({ half: false, end: false });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toEqual({ half: true, end: true });
  });
});

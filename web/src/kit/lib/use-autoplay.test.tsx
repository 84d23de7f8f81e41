import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Announcements } from '../../storefront/components/pharms/Announcements';
import { advanceTrack } from '../../storefront/components/pharms/PharmSlides';

const items = [{ content: 'הנחה של 10% על שמנים' }, { content: 'סגור בחג' }, { content: 'משלוח חינם מעל ₪300' }];

function reducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const shown = () => screen.getByRole('region', { name: 'הודעות בית המרקחת' }).querySelector('.announcement-text')?.textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('autoplay of the announcements and slides (spec 9: every 6 s)', () => {
  it('turns every 6 s, and wraps around', () => {
    render(<Announcements items={items} />);
    expect(shown()).toBe(items[0].content);
    wait(5999);
    expect(shown()).toBe(items[0].content);
    wait(1);
    expect(shown()).toBe(items[1].content);
    wait(12_000);
    expect(shown()).toBe(items[0].content);
  });

  it('pauses while hovered and while it holds the focus', () => {
    render(<Announcements items={items} />);
    const region = screen.getByRole('region', { name: 'הודעות בית המרקחת' });
    fireEvent.mouseEnter(region);
    wait(12_000);
    expect(shown()).toBe(items[0].content);
    fireEvent.mouseLeave(region);
    wait(6000);
    expect(shown()).toBe(items[1].content);

    const next = screen.getByRole('button', { name: 'ההודעה הבאה' });
    act(() => next.focus());
    wait(12_000);
    expect(shown()).toBe(items[1].content);
    // Focus moving inside keeps it paused; leaving lets it go on.
    act(() => screen.getByRole('button', { name: 'ההודעה הקודמת' }).focus());
    wait(12_000);
    expect(shown()).toBe(items[1].content);
    act(() => (document.activeElement as HTMLElement).blur());
    wait(6000);
    expect(shown()).toBe(items[2].content);
  });

  it('stays still for a visitor who asked for reduced motion', () => {
    reducedMotion(true);
    render(<Announcements items={items} />);
    wait(30_000);
    expect(shown()).toBe(items[0].content);
  });

  it('moves a row of products on by one card, and back to its start after its last (right to left)', () => {
    document.documentElement.dir = 'rtl';
    const track = document.createElement('ul');
    track.style.direction = 'rtl';
    track.style.columnGap = '12px';
    const card = document.createElement('li');
    track.append(card);
    document.body.append(track);
    Object.defineProperties(card, { offsetWidth: { value: 300 } });
    Object.defineProperties(track, { scrollWidth: { value: 1200 }, clientWidth: { value: 390 } });
    track.scrollBy = vi.fn();
    track.scrollTo = vi.fn();
    advanceTrack(track);
    expect(track.scrollBy).toHaveBeenCalledWith({ left: -312, behavior: 'smooth' });
    track.scrollLeft = -810;
    advanceTrack(track);
    expect(track.scrollTo).toHaveBeenCalledWith({ left: 0, behavior: 'smooth' });
    track.remove();
  });
});

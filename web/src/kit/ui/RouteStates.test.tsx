import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoutePending } from './RouteStates';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const shown = () => screen.getByRole('status').querySelector('[aria-hidden="true"]')?.textContent;

describe('the loading line', () => {
  it('turns its words every 2 s, round and round, while a screen reader hears one steady status', () => {
    render(<RoutePending />);
    const status = screen.getByRole('status');
    expect(shown()).toBe('טוען…');
    act(() => vi.advanceTimersByTime(1999));
    expect(shown()).toBe('טוען…');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('משווים מחירים בין בתי המרקחת…');
    act(() => vi.advanceTimersByTime(2000));
    expect(shown()).toBe('בודקים מה יש במלאי…');
    act(() => vi.advanceTimersByTime(4000));
    expect(shown()).toBe('טוען…');
    expect(status.querySelector('.visually-hidden')?.textContent).toBe('טוען…');
  });
});

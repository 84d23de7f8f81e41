import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, visiblePages } from './Pager';

describe('Pager', () => {
  it('shows the first, last and neighbouring pages with gaps', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
  });

  it('marks the current page and moves to the chosen one', () => {
    const onPage = vi.fn();
    render(<Pager page={2} total={3} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'עמוד 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: /הבא/ }));
    fireEvent.click(screen.getByRole('button', { name: 'עמוד 1' }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it('is hidden when there is one page', () => {
    const { container } = render(<Pager page={1} total={1} onPage={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

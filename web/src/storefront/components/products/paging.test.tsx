import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { he } from '../../../kit/i18n/he';
import { CardList } from './CardList';
import { Pager } from './Pager';
import { PagingScope } from './paging';

function useViewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

function List({ page, listKey, items }: { page: number; listKey: string; items: string[] }) {
  return (
    <PagingScope page={page} listKey={listKey}>
      <CardList items={items} layout="grid" keyOf={(item) => item} render={(item) => item} label="list" />
    </PagingScope>
  );
}
const shown = () => screen.getAllByRole('listitem').map((li) => li.textContent);

describe('paging on phones and desktops', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe('on a phone', () => {
    beforeEach(() => useViewport(true));

    it('grows the list page by page, ignores the previous page shown while the next loads, and starts over when the filters change', () => {
      const { rerender } = render(<List page={1} listKey="a" items={['1', '2']} />);
      rerender(<List page={2} listKey="a" items={['1', '2']} />);
      expect(shown()).toEqual(['1', '2']);
      rerender(<List page={2} listKey="a" items={['3', '4']} />);
      expect(shown()).toEqual(['1', '2', '3', '4']);
      rerender(<List page={1} listKey="b" items={['9']} />);
      expect(shown()).toEqual(['9']);
    });

    it('loads more at the end instead of a pager, until the last page', () => {
      const onMore = vi.fn();
      const { rerender } = render(<Pager page={1} total={3} onPage={() => undefined} onMore={onMore} />);
      expect(screen.queryByRole('navigation')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: he.lists.loadMore }));
      expect(onMore).toHaveBeenCalledTimes(1);
      rerender(<Pager page={3} total={3} onPage={() => undefined} onMore={onMore} />);
      expect(screen.queryByRole('button')).toBeNull();
    });
  });

  describe('on a desktop', () => {
    beforeEach(() => useViewport(false));

    it('shows one page at a time with the pager', () => {
      const { rerender } = render(<List page={1} listKey="a" items={['1', '2']} />);
      rerender(<List page={2} listKey="a" items={['3', '4']} />);
      expect(shown()).toEqual(['3', '4']);
      render(<Pager page={1} total={3} onPage={() => undefined} onMore={() => undefined} />);
      expect(screen.getByRole('navigation', { name: he.lists.pager })).toBeTruthy();
    });
  });
});

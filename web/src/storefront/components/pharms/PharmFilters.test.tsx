import type { Location } from '@mc/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PharmFilters } from './PharmFilters';

// The locations tree as the API sends it: the Jerusalem and Haifa districts each hold a city of the same name.
const locations: Location[] = [
  { id: 1, parentId: null, type: 'country', displayText: 'ישראל' },
  { id: 2, parentId: 1, type: 'district', displayText: 'ירושלים' },
  { id: 3, parentId: 1, type: 'district', displayText: 'חיפה' },
  { id: 10, parentId: 2, type: 'city', displayText: 'בית שמש' },
  { id: 11, parentId: 2, type: 'city', displayText: 'ירושלים' },
  { id: 12, parentId: 3, type: 'city', displayText: 'חיפה' },
  { id: 13, parentId: 3, type: 'city', displayText: 'קריית ים' },
];

describe('PharmFilters', () => {
  it('names each area of the area menu once: a district apart from its city of the same name', () => {
    const onChange = vi.fn();
    render(<PharmFilters search={{}} locations={locations} onChange={onChange} results="3 בתי מרקחת" />);
    const menu = screen.getByRole('combobox', { name: 'אזור' });
    const options = within(menu).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['כל הארץ', 'כל מחוז ירושלים', 'בית שמש', 'ירושלים', 'כל מחוז חיפה', 'חיפה', 'קריית ים']);
    expect(menu.querySelectorAll('optgroup')[0].getAttribute('label')).toBe('מחוז ירושלים');
    fireEvent.change(menu, { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledWith({ locationRadius: 2 });
  });

  it('opens its filters in a sheet that counts the results, and counts the filters on', () => {
    render(<PharmFilters search={{ open: 1, delivery: 'free' }} locations={locations} onChange={vi.fn()} results="3 בתי מרקחת" />);
    const opener = screen.getByRole('button', { name: 'סינון (2)' });
    fireEvent.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'סינון' });
    expect(within(sheet).getByRole('button', { name: 'הצגת 3 בתי מרקחת' })).toBeTruthy();
    expect(within(sheet).getByRole('combobox', { name: 'אזור' })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: 'סגירת הסינון' })).toBeTruthy();
    // Drawn once: in the sheet while it is open, not also in the hidden panel.
    expect(screen.getAllByRole('combobox', { name: 'אזור' })).toHaveLength(1);
  });
});

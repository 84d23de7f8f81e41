import { normalizeSearchText, searchDocument, spellingSkeleton } from './search-text';

describe('search text', () => {
  it('drops niqqud, final letters, geresh and quotes', () => {
    expect(normalizeSearchText('גְּרִין')).toBe('גרינ');
    expect(normalizeSearchText('דוקטור-גרין')).toBe(normalizeSearchText('דוקטור גרין'));
    expect(normalizeSearchText('צ׳רי פאי')).toBe('צ רי פאי');
    expect(normalizeSearchText('  Dr.  GREEN ')).toBe('dr green');
  });

  it('meets full and defective spellings in the skeleton', () => {
    expect(spellingSkeleton('קנאביס')).toBe(spellingSkeleton('קנביס'));
    expect(spellingSkeleton('גריין')).toBe(spellingSkeleton('גרין'));
    expect(spellingSkeleton('אורגני')).toBe(spellingSkeleton('אורגנ'));
  });

  it('stores each form once', () => {
    expect(searchDocument('גרין', null, 'Green')).toBe('גרינ | green | גרנ');
  });
});

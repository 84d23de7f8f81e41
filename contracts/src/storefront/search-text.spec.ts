import { escapeLike, normalizeSearchText, searchDocument, searchForms, spellingSkeleton } from './search-text';

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

describe('searchForms', () => {
  it('normalises the term and keeps its spelling skeleton and words', () => {
    expect(searchForms('דוקטור גְּרִין')).toEqual({
      normalized: 'דוקטור גרינ', skeleton: 'דקטר גרנ', words: ['דוקטור', 'גרינ'], skeletonWords: ['דקטר', 'גרנ'],
    });
    expect(searchForms('Dr. GREEN')?.normalized).toBe('dr green');
  });

  it('has nothing to search in a term of punctuation, niqqud or separators only', () => {
    for (const term of [undefined, '', '   ', '׳״', 'ְֱ', '|||', '- _ /']) expect(searchForms(term)).toBeUndefined();
  });
});

describe('escapeLike', () => {
  it('escapes the LIKE wildcards and the escape character only', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(escapeLike('גרין')).toBe('גרין');
  });
});

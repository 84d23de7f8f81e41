import { searchForms } from './search';

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

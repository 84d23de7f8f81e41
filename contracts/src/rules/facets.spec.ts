import { knownCompanies, withNamedCompanies } from './facets';

describe('the companies facet', () => {
  const facet = [{ value: 'טבע', count: 5 }, { value: 'בזלת', count: 2 }];

  it('lists an asked-for company the scope has, with 0, after the counted ones', () => {
    expect(withNamedCompanies(facet, new Set(['טבע', 'קנאביס ישראל', 'אלף']))).toEqual([...facet, { value: 'אלף', count: 0 }, { value: 'קנאביס ישראל', count: 0 }]);
    expect(withNamedCompanies(facet, new Set())).toBe(facet);
  });

  it('keeps only the asked-for companies the answer knows', () => {
    expect(knownCompanies(['zzz', 'בזלת', 'טבע'], facet)).toEqual(['בזלת', 'טבע']);
    expect(knownCompanies(['zzz'], facet)).toEqual([]);
  });
});

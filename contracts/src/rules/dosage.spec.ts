import { formatDosage, isValidDosage, parseDosage } from './dosage';

describe('dosage', () => {
  it.each([
    ['T20/C4', { thc: 20, cbd: 4 }],
    ['T1/C20', { thc: 1, cbd: 20 }],
    ['T0/C0', { thc: 0, cbd: 0 }],
  ])('parses %s', (value, expected) => {
    expect(parseDosage(value)).toEqual(expected);
    expect(isValidDosage(value)).toBe(true);
  });

  it.each(['', 'T20', 'C4/T20', 't20/c4', 'T20/C', 'T/C4', 'T20 / C4', 'T20/C4x', 'T2.5/C4', 'T-1/C4'])(
    'rejects %j',
    (value) => {
      expect(parseDosage(value)).toBeNull();
      expect(isValidDosage(value)).toBe(false);
    },
  );

  it('formats and round-trips', () => {
    expect(formatDosage({ thc: 20, cbd: 4 })).toBe('T20/C4');
    expect(parseDosage(formatDosage({ thc: 15, cbd: 3 }))).toEqual({ thc: 15, cbd: 3 });
  });
});

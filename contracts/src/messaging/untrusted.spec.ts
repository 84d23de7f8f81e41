import { asRecord, cleanSlug, cleanText } from './untrusted';

describe('reading an event from another service', () => {
  it('takes the fields of plain objects only', () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    for (const value of [null, undefined, 42, 'x', [1]]) expect(asRecord(value)).toEqual({});
  });

  it('cleans text: control characters replaced (PostgreSQL refuses NUL), trimmed, cut, empty is none', () => {
    expect(cleanText('  גרין ')).toBe('גרין');
    expect(cleanText('a\u0000b')).toBe('a b');
    expect(cleanText('\u0000\u001b')).toBeUndefined();
    expect(cleanText('x'.repeat(500), 100)).toHaveLength(100);
    expect(cleanText(12)).toBe('12');
    expect(cleanText({})).toBeUndefined();
  });

  it('takes slugs only', () => {
    expect(cleanSlug('dr-green-t20-c4')).toBe('dr-green-t20-c4');
    for (const value of ['A B', '../x', 'x'.repeat(201), 5, null]) expect(cleanSlug(value)).toBeUndefined();
  });
});

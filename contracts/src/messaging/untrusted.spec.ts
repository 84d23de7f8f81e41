import { cleanText } from './untrusted';

// Reading an event's fields is its DTO's now (event-payload.spec); what is left is text made fit for search.
describe('reading an event from another service', () => {
  it('cleans text: control characters replaced (PostgreSQL refuses NUL), trimmed, cut, empty is none', () => {
    expect(cleanText('  גרין ')).toBe('גרין');
    expect(cleanText('a\u0000b')).toBe('a b');
    expect(cleanText('\u0000\u001b')).toBeUndefined();
    expect(cleanText('x'.repeat(500), 100)).toHaveLength(100);
    expect(cleanText(12)).toBe('12');
    expect(cleanText({})).toBeUndefined();
  });
});

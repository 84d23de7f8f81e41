import { CONTROL_CHARS, withoutControlChars } from './control-chars';

describe('control characters', () => {
  it('finds NUL, escape and the like, but not tab, line feed, carriage return or Hebrew', () => {
    for (const c of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f']) expect(CONTROL_CHARS.test(`a${c}b`)).toBe(true);
    expect(CONTROL_CHARS.test('שלום\t\n\r a')).toBe(false);
  });

  it('replaces every one of them with a space', () => {
    expect(withoutControlChars('a\u0000b\u001bc\u0000')).toBe('a b c ');
    expect(withoutControlChars('שלום\n')).toBe('שלום\n');
  });
});

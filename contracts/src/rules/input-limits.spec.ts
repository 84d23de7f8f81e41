import { Messages } from '../messages';
import { findUnusableInput, INPUT_LIMITS } from './input-limits';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('findUnusableInput', () => {
  it('accepts ordinary bodies, Hebrew text, tabs and line breaks', () => {
    expect(findUnusableInput({ name: 'ישראל ישראלי', message: 'שורה\nשורה\r\n\tסוף', items: [{ id: 1, qty: 2 }], ok: true, none: null })).toBeUndefined();
    expect(findUnusableInput(undefined)).toBeUndefined();
    expect(findUnusableInput('x'.repeat(INPUT_LIMITS.maxStringLength))).toBeUndefined();
    expect(findUnusableInput(nested(INPUT_LIMITS.maxDepth))).toBeUndefined();
  });

  it('refuses NUL and other control characters in any string or key', () => {
    const refused = { message: Messages.inputControlChars };
    expect(findUnusableInput({ search: 'a\u0000b' })).toEqual(refused);
    expect(findUnusableInput({ ['e\u0000mail']: 'a@b.co' })).toEqual(refused);
    expect(findUnusableInput({ a: [{ b: ['ok', '\u001b[31m'] }] })).toEqual(refused);
    expect(findUnusableInput({ a: '\u0008' })).toEqual(refused);
    expect(findUnusableInput('\u0000')).toEqual(refused);
  });

  it('refuses bodies nested deeper than the limit, objects and arrays alike', () => {
    expect(findUnusableInput(nested(INPUT_LIMITS.maxDepth + 1))).toEqual({ message: Messages.inputTooDeep });
    expect(findUnusableInput(JSON.parse('['.repeat(5000) + ']'.repeat(5000)))).toEqual({ message: Messages.inputTooDeep });
  });

  it('refuses strings and keys longer than any field allows', () => {
    const long = 'א'.repeat(INPUT_LIMITS.maxStringLength + 1);
    expect(findUnusableInput({ message: long })).toEqual({ message: Messages.inputTooLong });
    expect(findUnusableInput({ [long]: 1 })).toEqual({ message: Messages.inputTooLong });
  });

  it('keeps the body limit under the bus message size (1 MB)', () => {
    expect(INPUT_LIMITS.maxBodyBytes).toBeLessThanOrEqual(512 * 1024);
  });
});


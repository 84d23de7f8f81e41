import { Messages } from '@mc/contracts';
import { findUnusableUrl, INPUT_LIMITS } from './input-limits';

describe('findUnusableUrl', () => {
  it('accepts ordinary paths and queries, encoded Hebrew, tabs and line breaks', () => {
    expect(findUnusableUrl('/api/products?search=%D7%A9%D7%9C%D7%95%D7%9D&page=2')).toBeUndefined();
    expect(findUnusableUrl('/api/products?search=a%09b%0Ac%0d')).toBeUndefined();
    expect(findUnusableUrl('/api/products/%2E%2E%2F')).toBeUndefined();
  });

  it('refuses encoded or raw control characters in the path or the query', () => {
    for (const url of ['/api/products?search=%00', '/api/products/a%00b', '/api/pharms?q=%1F', '/api/x?q=%1b', '/api/x?q=%0B', '/api/x\u0000']) {
      expect(findUnusableUrl(url)).toEqual({ message: Messages.inputControlChars });
    }
  });

  it('refuses URLs longer than any field allows', () => {
    expect(findUnusableUrl(`/api/products?search=${'a'.repeat(INPUT_LIMITS.maxStringLength)}`)).toEqual({ message: Messages.inputTooLong });
  });
});

import { describe, expect, it } from 'vitest';
import { normalizePath } from './normalize-path';

describe('normalizePath', () => {
  it('turns a leading double slash into one', () => {
    expect(normalizePath('//products/x')).toBe('/products/x');
  });

  it('collapses any number of leading slashes', () => {
    expect(normalizePath('////products/x')).toBe('/products/x');
    expect(normalizePath('//')).toBe('/');
  });

  it('leaves normal paths alone', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/products/x')).toBe('/products/x');
    expect(normalizePath('/a//b')).toBe('/a//b');
  });
});

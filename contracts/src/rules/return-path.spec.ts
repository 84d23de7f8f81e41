import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    for (const path of ['/', '/products', '/products/dr-green-t20-c4?x=1&y=2', '/pharms?layout=grid#top', '/search?term=%D7%A9']) {
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it('gives / for anything that could leave the site or loop back to the callback', () => {
    for (const bad of [undefined, null, 42, '', 'products', 'https://evil.example/', '//evil.example', '/\\evil.example', '/a\\b', '/a\nb', '/a\u0000',
      `/${'x'.repeat(600)}`, '/auth/google-callback', '/auth/google-callback?code=1', 'javascript:alert(1)']) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });
});

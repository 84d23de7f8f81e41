import { namingEnvironment } from './web-app';

const SHELL = '<!doctype html>\n<html dir="rtl" lang="he">\n  <head></head><body><div id="root"></div></body>\n</html>';

describe('the web shell names the environment for the environment badge', () => {
  it('puts the gateway APP_ENV on <html>, the rest of the page untouched', () => {
    expect(namingEnvironment(SHELL, 'development')).toBe(SHELL.replace('<html dir', '<html data-app-env="development" dir'));
    expect(namingEnvironment(SHELL, 'production')).toContain('<html data-app-env="production" dir="rtl" lang="he">');
  });

  it('writes only a plain name into the attribute', () => {
    expect(namingEnvironment(SHELL, 'test"><script>')).toContain('<html data-app-env="testscript" dir');
  });
});

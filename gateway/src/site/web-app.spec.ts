import { namingEnvironment } from './web-app';

const SHELL = '<!doctype html>\n<html dir="rtl" lang="he">\n  <head><title>x</title></head><body><div id="root"></div></body>\n</html>';

describe('the web shell names the environment for the environment badge', () => {
  it('puts the gateway APP_ENV in a meta element of the head, the rest of the page untouched', () => {
    expect(namingEnvironment(SHELL, 'development')).toBe(SHELL.replace('</head>', '<meta name="app-env" content="development" /></head>'));
    expect(namingEnvironment(SHELL, 'production')).toContain('<meta name="app-env" content="production" /></head>');
  });

  it('writes only a plain name into the attribute', () => {
    expect(namingEnvironment(SHELL, 'test"><script>')).toContain('<meta name="app-env" content="testscript" />');
  });
});

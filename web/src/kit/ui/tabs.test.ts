import { describe, expect, it } from 'vitest';
import { isTabActive, MAIN_TABS } from './tabs';

const active = (pathname: string) => MAIN_TABS.filter((tab) => isTabActive(tab, pathname)).map((tab) => tab.href);

describe('main tabs', () => {
  it('are home, products, discounts, pharmacies and the updates sign-up, in that order', () => {
    expect(MAIN_TABS.map((tab) => tab.href)).toEqual(['/', '/products', '/discounts', '/pharms', '/social-auto-updates']);
  });

  it('mark home only on / and the others on their path and below it', () => {
    expect(active('/')).toEqual(['/']);
    expect(active('/products/dr-green-t20-c4')).toEqual(['/products']);
    expect(active('/pharms/layla-haifa/embed')).toEqual(['/pharms']);
    expect(active('/pharmsx')).toEqual([]);
    expect(active('/faq')).toEqual([]);
  });
});

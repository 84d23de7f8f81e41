/**
 * Browser test of the product page's first screen (issue 17), each at a 390 px phone and a 1280 px desktop: the name,
 * the lowest price and the first comparison row with its add-to-cart on the first screen, reached in a few Tabs, the
 * tags after the comparison and folded; distances, open states in their own colours and the next opening in the rows;
 * the group advert as a sheet at the foot of the screen that leaves the rows usable; /pharms nearest first once the
 * position is allowed, and today's hours marked. Run by the root Jest e2e config against the whole stack.
 * Env: GATEWAY_URL, E2E_PRODUCT_SLUG, E2E_PHARM_SLUG, ARTIFACTS_DIR (screenshots go to its screenshots/).
 */
import { formatPerGram, formatShekels, shekelsToAgorot, unitPrices, type ComparisonResponse, type PharmListResponse } from '@mc/contracts';
import type { Locator, Page } from 'playwright-core';
import * as path from 'path';
import { api } from './api';
import { seriousViolations } from './axe';
import { GATEWAY_URL, SCREENSHOTS_DIR, useBrowser, waitHydrated, WIDTHS } from './browser';

const PRODUCT_SLUG = process.env.E2E_PRODUCT_SLUG ?? 'dr-green-t20-c4';
const PHARM_SLUG = process.env.E2E_PHARM_SLUG ?? 'merkaz-tel-aviv';
/** Tel Aviv, where the fixture has pharmacies. */
const POSITION = { latitude: 32.0853, longitude: 34.7818 };
/** The tag chips shown before the 'more' button (TAGS_SHOWN of ProductView.tsx). */
const TAGS_SHOWN = 6;
/** A row's open state: open, or closed and (when it has hours) when it opens again. */
const OPEN_STATE = /^(פתוח עכשיו|סגור( · נפתח (היום|מחר|ביום \S+) ב־\d\d:\d\d)?)$/;

/**
 * Whether `locator` lies wholly on the first screen, above the phone's fixed bottom menu when it shows, and is what
 * the browser hits at its centre (nothing over it).
 */
async function onFirstScreen(locator: Locator, height: number): Promise<{ inside: boolean; hit: boolean }> {
  const box = await locator.boundingBox();
  if (!box) return { inside: false, hit: false };
  const menu = await locator.page().locator('.main-nav-bottom').boundingBox();
  const bottom = menu ? Math.min(height, menu.y) : height;
  const hit = await locator.evaluate((element, [x, y]) => {
    const top = document.elementFromPoint(x, y);
    return !!top && (top === element || element.contains(top));
  }, [box.x + box.width / 2, box.y + box.height / 2]);
  return { inside: box.y >= 0 && box.y + box.height <= bottom, hit };
}

describe.each(WIDTHS)('web: the product page on the first screen at $width px', (viewport) => {
  const web = useBrowser();
  let page: Page;

  async function open(url: string, { geolocation = false, groupAdSeen = true } = {}) {
    const context = await web.newContext(
      { viewport, locale: 'he-IL', ...(geolocation ? { geolocation: POSITION, permissions: ['geolocation'] } : {}) },
      { groupAdSeen },
    );
    page = await context.newPage();
    await page.goto(`${GATEWAY_URL}${url}`, { waitUntil: 'networkidle' });
    // The product and pharmacy pages' code loads with their route: until React has taken the server's page over, a
    // press is lost and the router may still move the scroll (seen on CI, a loaded machine).
    await waitHydrated(page.locator('header a.cart-link'));
  }

  it('shows the name, the lowest price and the first row with its add-to-cart on the first screen, the tags after the rows and folded', async () => {
    const comparison = await api<ComparisonResponse>(`/api/products/${PRODUCT_SLUG}/pharm-products?sortBy=price`);
    expect(comparison.offers.length).toBeGreaterThan(0);
    await open(`/products/${PRODUCT_SLUG}`);

    const price = page.locator('.product-header .product-price');
    await price.waitFor({ state: 'visible' });
    const cheapest = comparison.offers[0].totalPrice;
    expect(await price.textContent()).toContain(formatShekels(cheapest));
    // Its price per gram beside it (the fixture's product is a pack weighed in grams).
    const { perGram } = unitPrices(shekelsToAgorot(cheapest), comparison.product, comparison.product.info.thccbdDosage);
    expect(perGram).not.toBeNull();
    expect(await price.textContent()).toContain(formatPerGram(perGram!));
    expect(await price.textContent()).toContain(comparison.offers.length === 1 ? 'בבית מרקחת אחד' : `ב-${comparison.offers.length} בתי מרקחת`);

    const firstRow = page.locator('.comparison article.offer').first();
    for (const [what, locator] of [
      ['name', page.locator('h1#product-title')],
      ['lowest price', price],
      ['first row', firstRow],
      ['its add-to-cart', firstRow.locator('.add-to-cart-button')],
    ] as const) {
      expect({ what, ...(await onFirstScreen(locator, viewport.height)) }).toEqual({ what, inside: true, hit: true });
    }
    // The tags come after the comparison.
    const order = await page.evaluate(() => {
      const tags = document.querySelector('.product-tags');
      const rows = document.querySelector('.comparison');
      return tags && rows ? rows.compareDocumentPosition(tags) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeGreaterThan(0);
    // Folded: the first few chips, the rest behind a 'more' button that unfolds them.
    const { tags } = await api<{ tags: unknown[] }>(`/api/products/${PRODUCT_SLUG}`);
    expect(tags.length).toBeGreaterThan(TAGS_SHOWN);
    const chips = page.locator('.product-tags .tag');
    expect(await chips.count()).toBe(TAGS_SHOWN);
    const more = page.locator('.product-tags .tags-more');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `product-first-screen-${viewport.width}.png`) });
    await waitHydrated(more);
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    expect(await chips.count()).toBe(tags.length);
  });

  it('reaches the first add-to-cart in a few Tabs: the skip link, then the page', async () => {
    await open(`/products/${PRODUCT_SLUG}`);
    await page.locator('.comparison article.offer').first().waitFor({ state: 'visible' });
    const firstAdd = await page.locator('.comparison article.offer').first().locator('.add-to-cart-button').elementHandle();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-link');
    await page.keyboard.press('Enter');
    let tabs = 1;
    while (tabs < 8 && !(await firstAdd!.evaluate((element) => element === document.activeElement))) {
      await page.keyboard.press('Tab');
      tabs += 1;
    }
    expect(await firstAdd!.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(tabs).toBeLessThanOrEqual(8);
    await page.keyboard.press('Enter');
    await page.locator('header a.cart-link .cart-count').waitFor({ state: 'visible' });
  });

  it('gives every row its distance by price once the position is allowed, and each its open state or next opening', async () => {
    await open(`/products/${PRODUCT_SLUG}`, { geolocation: true });
    await page.locator('.offer-list[aria-busy="false"] .offer-distance').first().waitFor({ state: 'visible' });
    expect(new URL(page.url()).searchParams.get('sortBy')).toBeNull();
    const rows = page.locator('.comparison article.offer');
    const count = await rows.count();
    expect(await page.locator('.comparison article.offer .offer-distance').count()).toBe(count);
    // Still by price.
    const prices = (await page.locator('.comparison .offer-price-now .shekels').allTextContents()).map((t) => Number(t.replace(/[^\d.]/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const states = await page.locator('.comparison .offer-facts').evaluateAll((lists) =>
      lists.map((list) => list.querySelector('.offer-open, .offer-closed')?.textContent ?? ''));
    expect(states).toHaveLength(count);
    for (const state of states) expect(state).toMatch(OPEN_STATE);
    // What the service says of each pharmacy is what its row says.
    const answer = await api<ComparisonResponse>(`/api/products/${PRODUCT_SLUG}/pharm-products?sortBy=price`);
    for (const offer of answer.offers.slice(0, 10)) {
      expect(offer.pharm.isOpen ? offer.pharm.nextOpening : 'closed').toEqual(offer.pharm.isOpen ? null : 'closed');
      if (!offer.pharm.isOpen && offer.pharm.nextOpening !== null) expect(offer.pharm.nextOpening).toBeGreaterThan(Date.now() - 60_000);
    }
    // Open and closed in colours of their own: read from a row's facts, with an item of each state put in beside its
    // own (whether the fixture's pharmacies are open depends on the hour the test runs).
    const colours = await page.locator('.comparison .offer-facts').first().evaluate((list) => ['offer-open', 'offer-closed', ''].map((state) => {
      const item = document.createElement('li');
      item.className = state;
      item.textContent = 'x';
      list.append(item);
      const colour = getComputedStyle(item).color;
      item.remove();
      return colour;
    }));
    expect(new Set(colours).size).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the group advert as a sheet at the foot of the screen: the first add-to-cart stays clickable, and it closes', async () => {
    await open(`/products/${PRODUCT_SLUG}`, { groupAdSeen: false });
    await page.locator('.comparison article.offer').first().waitFor({ state: 'visible' });
    const sheet = page.getByRole('dialog', { name: /וואטסאפ/ });
    // Scrolled down as a reader keeps scrolling: the advert counts from a second on the page, then loads its sheet.
    for (let tries = 0; tries < 20 && !(await sheet.isVisible()); tries++) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(500);
    }
    await sheet.waitFor({ state: 'visible' });
    expect(await sheet.getAttribute('aria-modal')).toBe('false');
    const box = (await sheet.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.height).toBeLessThan(viewport.height / 2);
    const close = sheet.getByRole('button', { name: 'לא עכשיו' });
    expect(await onFirstScreen(close, viewport.height)).toEqual({ inside: true, hit: true });
    expect(await seriousViolations(page)).toEqual([]);

    // The first row, brought back into sight, takes the tap; the sheet stays.
    const add = page.locator('.comparison article.offer').first().locator('.add-to-cart-button');
    await add.scrollIntoViewIfNeeded();
    // Where it comes to rest (the page may scroll smoothly).
    let was = await add.boundingBox();
    for (let settled = false; !settled;) {
      await page.waitForTimeout(100);
      const now = await add.boundingBox();
      settled = now?.y === was?.y;
      was = now;
    }
    expect((await onFirstScreen(add, viewport.height)).hit).toBe(true);
    await add.click();
    await page.locator('header a.cart-link .cart-count').waitFor({ state: 'visible' });
    expect(await sheet.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `group-ad-sheet-${viewport.width}.png`) });

    await close.click();
    await sheet.waitFor({ state: 'hidden' });
  });

  it('sorts /pharms nearest first once the position is allowed, with distances and the next openings', async () => {
    await open('/pharms', { geolocation: true });
    await page.waitForURL(/sortBy=nearby/);
    await page.locator('.pharm-card .chip-distance').first().waitFor({ state: 'visible' });
    const cards = page.locator('.pharm-card');
    expect(await page.locator('.pharm-card .chip-distance').count()).toBe(await cards.count());

    const list = await api<PharmListResponse>(`/api/pharms?page=1&lat=${POSITION.latitude}&lng=${POSITION.longitude}&sortBy=nearby`);
    const distances = list.pharms.map((pharm) => pharm.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const shown = await cards.evaluateAll((all) => all.map((card) => card.querySelector('.card-title')?.textContent?.trim()));
    expect(shown).toEqual(list.pharms.map((pharm) => pharm.name));
    for (const [i, pharm] of list.pharms.entries()) {
      const next = cards.nth(i).locator('.pharm-card-next');
      expect(await next.count()).toBe(!pharm.isOpen && pharm.nextOpening !== null ? 1 : 0);
      if (await next.count()) expect(await next.textContent()).toMatch(/^נפתח (היום|מחר|ביום \S+) ב־\d\d:\d\d$/);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("marks today's row in a pharmacy's hours", async () => {
    await open(`/pharms/${PHARM_SLUG}`);
    // The pharmacy page's code loads with its route: a press before React takes the server's button over is lost.
    const opener = page.getByRole('button', { name: 'שעות פתיחה' });
    await waitHydrated(opener);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'שעות פתיחה' });
    await dialog.waitFor({ state: 'visible' });
    const today = dialog.locator('tr[aria-current="date"]');
    expect(await today.count()).toBe(1);
    const weekday = new Intl.DateTimeFormat('he-IL', { timeZone: 'Asia/Jerusalem', weekday: 'long' }).format(new Date()).replace('יום ', '');
    expect(await today.locator('th').textContent()).toBe(`${weekday} (היום)`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

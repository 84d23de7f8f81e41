/**
 * Browser test of spec items of issue 26 item 14, at a 390 px phone and a 1280 px desktop: the slides' autoplay
 * (6 s, paused on hover), related products on a pharmacy's product page, the scroll-depth analytics events, the
 * per-page background and the pharmacy's tags in its footer. Env: GATEWAY_URL, E2E_PHARM_SLUG.
 */
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { GATEWAY_URL, useBrowser, WIDTHS } from './browser';

const PHARM_SLUG = process.env.E2E_PHARM_SLUG ?? 'merkaz-tel-aviv';

const analyticsEvent = (page: Page, event: string) =>
  page.waitForRequest((request) => request.url().endsWith('/api/analytics') && request.postDataJSON()?.event === event);

describe.each(WIDTHS)('web: spec items at $width px', (viewport) => {
  const web = useBrowser({ viewport });

  it("turns a pharmacy's product slide every 6 s where it overflows, not while hovered", async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}`, { waitUntil: 'networkidle' });
    const track = page.locator('.pharm-slide-track').first();
    await track.waitFor({ state: 'visible' });
    await track.scrollIntoViewIfNeeded();
    const overflows = await track.evaluate((t) => t.scrollWidth > t.clientWidth + 1);
    if (viewport.width < 768) expect(overflows).toBe(true);
    const position = () => track.evaluate((t) => Math.round(t.scrollLeft));

    await track.hover();
    await page.waitForTimeout(500); // a turn under way ends
    const hovered = await position();
    await page.waitForTimeout(6500);
    expect(await position()).toBe(hovered);

    await page.locator('h1').hover();
    await page.waitForTimeout(6500);
    if (overflows) {
      await page.waitForFunction(([t, from]) => t !== null && Math.abs(Math.round(t.scrollLeft) - from) > 10, [await track.elementHandle(), hovered] as const);
    } else {
      expect(await position()).toBe(0);
    }
  }, 60_000);

  it("shows related products of the pharmacy on its product page", async () => {
    const { page } = web;
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}`, { waitUntil: 'networkidle' });
    const first = page.locator(`main a[href^="/pharms/${PHARM_SLUG}/products/"]`).first();
    await first.waitFor({ state: 'visible' });
    const href = await first.getAttribute('href');
    await page.goto(`${GATEWAY_URL}${href}`, { waitUntil: 'networkidle' });
    const related = page.getByRole('region', { name: 'עוד בבית המרקחת' });
    await related.waitFor({ state: 'visible' });
    const links = await related.locator(`a[href^="/pharms/${PHARM_SLUG}/products/"]`).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links).size).toBeLessThanOrEqual(3);
    expect(links).not.toContain(href);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("sends the scroll-depth events: 'half' at 50%, 'end' at the end of the page", async () => {
    const page = await web.newPage({ viewport: { width: viewport.width, height: 500 } });
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}`, { waitUntil: 'networkidle' });
    await page.locator('.pharm-slide-track, .card-list').first().waitFor({ state: 'visible' });
    await page.waitForTimeout(1100);
    const half = analyticsEvent(page, 'scroll_half');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.6 - window.innerHeight));
    await half;
    const end = analyticsEvent(page, 'scroll_end');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await end;
  });

  it("draws the lists on the surface colour, and puts a pharmacy's tags in the footer of its page", async () => {
    const { page } = web;
    const background = () => page.locator('main').evaluate((main) => getComputedStyle(main).backgroundColor);
    await page.goto(`${GATEWAY_URL}/products`, { waitUntil: 'networkidle' });
    expect(await background()).toBe('rgb(244, 247, 247)');
    await page.goto(`${GATEWAY_URL}/pharms/${PHARM_SLUG}`, { waitUntil: 'networkidle' });
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    const footer = page.getByRole('navigation', { name: 'קישורים' });
    await footer.getByRole('heading', { name: 'תגיות' }).waitFor({ state: 'visible' });
    const tags = await footer.locator('a[href^="/tags/"]').count();
    expect(tags).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

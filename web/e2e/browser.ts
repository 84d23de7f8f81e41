/**
 * What every browser test shares: the stack's address, Debian's Chromium, and screenshots at the two
 * widths the issue asks for (390 px phone, 1280 px desktop) kept in ARTIFACTS_DIR/screenshots.
 * Env: GATEWAY_URL (serves the built web and /api), ARTIFACTS_DIR.
 */
import { mkdirSync } from 'fs';
import * as path from 'path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const GATEWAY_URL = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:18080').replace(/\/+$/, '');
export const SCREENSHOTS_DIR = path.join(process.env.ARTIFACTS_DIR ?? path.resolve(__dirname, '../../artifacts'), 'screenshots');
export const PHONE = { width: 390, height: 900 };
export const DESKTOP = { width: 1280, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
}

/**
 * A Hebrew browser context. The group advert counts as already seen (its cookie set), so it never
 * covers what a test clicks; the advert's own test opens a context without it.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}, { groupAdSeen = true } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'he-IL', ...options });
  if (groupAdSeen) await context.addCookies([{ name: 'groupAdShownAt', value: 'e2e', url: GATEWAY_URL }]);
  return context;
}

/** A page in its own context (closed with it) whose waits fail after 10 s, so a failure names its step before Jest's 30 s. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}, flags?: { groupAdSeen?: boolean }): Promise<Page> {
  const context = await newContext(browser, options, flags);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('close', () => {
    context.close().catch(() => undefined); // the browser may be closing already
  });
  return page;
}

export const newPhonePage = (browser: Browser): Promise<Page> => newPage(browser);

/** Full-page screenshots `<name>-390.png` and `<name>-1280.png`; the page goes back to its own size after. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  const own = page.viewportSize() ?? PHONE;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(own);
}

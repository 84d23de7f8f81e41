/**
 * What every browser test shares: the stack's address (started once for the run by Jest's globalSetup), Debian's
 * Chromium launched once per file, a fresh page per test, a screenshot of every page a failing test had open
 * (`failed-<test name>.png`), and screenshots at the two widths the issue asks for (390 px phone, 1280 px
 * desktop), all kept in ARTIFACTS_DIR/screenshots. A file's tests start with `const web = useBrowser(...)`.
 * Env: GATEWAY_URL (serves the built web and /api), ARTIFACTS_DIR.
 */
import { mkdirSync } from 'fs';
import * as path from 'path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export const GATEWAY_URL = (process.env.GATEWAY_URL ?? 'http://127.0.0.1:18080').replace(/\/+$/, '');
export const SCREENSHOTS_DIR = path.join(process.env.ARTIFACTS_DIR ?? path.resolve(__dirname, '../../artifacts'), 'screenshots');
/** The two screens of issue 17: a 390 × 844 phone and a 1280 × 800 desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** Both screens, for `describe.each(WIDTHS)('… at $width px', …)`: a test of either runs at both. */
export const WIDTHS = [PHONE, DESKTOP];

async function launchBrowser(): Promise<Browser> {
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
async function newContext(browser: Browser, options: BrowserContextOptions = {}, { groupAdSeen = true } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'he-IL', ...options });
  if (groupAdSeen) await context.addCookies([{ name: 'groupAdShownAt', value: 'e2e', url: GATEWAY_URL }]);
  return context;
}

type ContextFlags = { groupAdSeen?: boolean };

export interface BrowserTest {
  /** The file's browser, launched once before its first test and closed after its last. */
  readonly browser: Browser;
  /** This test's page, opened before it in a context of its own with the file's options, closed after it. */
  readonly page: Page;
  /** One more page in a context of its own, closed after the test (screenshotted with it if it fails). */
  newPage(options?: BrowserContextOptions, flags?: ContextFlags): Promise<Page>;
  /** One more context, closed after the test (its pages screenshotted if it fails). */
  newContext(options?: BrowserContextOptions, flags?: ContextFlags): Promise<BrowserContext>;
}

/** The test Jest is running, as the e2e environment (environment.cjs) records it. */
const currentTest = () => (globalThis as { __e2eTest?: { name: string; failed: boolean } }).__e2eTest;
const fileName = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').slice(0, 120);

/**
 * The harness of a browser test file: call it once in the file's `describe`. Waits (of locators, URLs,
 * responses) fail after 10 s, so a failure names its step before Jest's 30 s.
 */
export function useBrowser(pageOptions: BrowserContextOptions = {}, pageFlags?: ContextFlags): BrowserTest {
  let browser: Browser | undefined;
  let page: Page | undefined;
  let contexts: BrowserContext[] = [];

  const harness: BrowserTest = {
    get browser() {
      if (!browser) throw new Error('the browser is launched in beforeAll');
      return browser;
    },
    get page() {
      if (!page) throw new Error("the test's page is opened in beforeEach");
      return page;
    },
    async newContext(options = {}, flags) {
      const context = await newContext(harness.browser, options, flags);
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      return context;
    },
    async newPage(options = {}, flags) {
      return (await harness.newContext(options, flags)).newPage();
    },
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    page = await harness.newPage(pageOptions, pageFlags);
  });
  afterEach(async () => {
    const test = currentTest();
    const open = contexts.flatMap((context) => context.pages()).filter((p) => !p.isClosed() && p.url() !== 'about:blank');
    if (test?.failed) {
      for (const [i, shown] of open.entries()) {
        const name = `failed-${fileName(test.name)}${i ? `-${i + 1}` : ''}.png`;
        await shown.screenshot({ path: path.join(SCREENSHOTS_DIR, name), fullPage: true, timeout: 5000 }).catch(() => undefined); // a crashed page has none
      }
    }
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    contexts = [];
    page = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return harness;
}

/**
 * Waits until a message of the local mailbox (`/dev/mailbox`, newest first) contains every text of `has` and
 * `match`es; answers the match's first group of the newest such message. `page` (any page of the stack) reads
 * the mailbox every 200 ms; a wait for a state of the page that fails after `timeoutMs` naming `what`.
 */
export async function fromMailbox(page: Page, what: string, { has, match }: { has: string[]; match: RegExp }, timeoutMs = 15_000): Promise<string> {
  if (!page.url().startsWith(GATEWAY_URL)) await page.goto(`${GATEWAY_URL}/dev/mailbox`);
  const read = ({ url, has, source, flags }: { url: string; has: string[]; source: string; flags: string }) => {
    const request = new XMLHttpRequest(); // synchronous: waitForFunction polls a function that answers at once
    request.open('GET', url, false);
    request.send();
    for (const article of request.responseText.split('<article>').slice(1)) {
      const found = has.every((text) => article.includes(text)) ? article.match(new RegExp(source, flags))?.[1] : undefined;
      if (found) return found;
    }
    return null;
  };
  try {
    const found = await page.waitForFunction(read, { url: `${GATEWAY_URL}/dev/mailbox`, has, source: match.source, flags: match.flags }, { polling: 200, timeout: timeoutMs });
    return (await found.jsonValue()) as string;
  } catch (err) {
    throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} in the local mailbox: ${(err as Error).message.split('\n')[0]}`);
  }
}

/** Full-page screenshots `<name>-390.png` and `<name>-1280.png`; the page goes back to its own size after. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  const own = page.viewportSize() ?? PHONE;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(own);
}

/**
 * Waits until React has taken over the element (hydrated it: its props, handlers included, are attached), so that a
 * press on a page the server drew is not lost on a busy machine while the app still starts.
 */
export async function waitHydrated(element: Locator): Promise<void> {
  const handle = await element.elementHandle();
  await element.page().waitForFunction((node) => Object.keys(node!).some((key) => key.startsWith('__reactProps')), handle);
}

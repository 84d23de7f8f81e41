import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }
declare const axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's serious and critical axe-core violations, as `rule: help (count× e.g. first target)` lines. Besides axe's
 * defaults, the check browser extensions run too: an accessible name must contain the text shown (issue 26: the cart link).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated by the test driver, not as a page script: the site's CSP allows no inline script but its own.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(() =>
    axe.run(document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } }));
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(' ')})`);
}

import type { Page } from 'playwright-core';

/**
 * What sticks out sideways of the viewport: the document wider than it, and each visible element reaching past
 * either edge (the outermost only) that no scrolling or clipping box of its own contains (a carousel's track).
 */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const problems: string[] = [];
    if (root.scrollWidth > width) problems.push(`the document is ${root.scrollWidth} px wide in ${width} px`);
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const reported: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden text
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      if (rect.right <= width + 0.5 && rect.left >= -0.5) continue;
      if (clipped(element) || reported.some((outer) => outer.contains(element))) continue;
      reported.push(element);
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
      problems.push(`${name} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${width} px`);
    }
    return problems;
  });
}

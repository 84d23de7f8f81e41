import type { StockFeedRejection, StockFeedRejectionsPage } from '@mc/contracts';

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is neutralised for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rowsOf = (rejections: StockFeedRejection[]): string =>
  rejections.map((r) => `${csvField(r.line)},${csvField(r.reason)}\n`).join('');

/**
 * Every rejection of a feed as CSV (`line,reason`), one page at a time: the first page (asked before the answer
 * started, so that a refusal is still an HTTP error), then each next page only when the client has read the last.
 */
export async function* rejectionsCsv(first: StockFeedRejectionsPage, next: (afterLine: number) => Promise<StockFeedRejectionsPage>): AsyncGenerator<string> {
  yield 'line,reason\n';
  let page = first;
  let afterLine = -1;
  for (;;) {
    if (page.rejections.length) yield rowsOf(page.rejections);
    if (page.nextAfterLine === null) return;
    // A page that does not move on would be asked for ever.
    if (page.nextAfterLine <= afterLine) throw new Error('a rejections page did not move past the last one');
    afterLine = page.nextAfterLine;
    page = await next(afterLine);
  }
}

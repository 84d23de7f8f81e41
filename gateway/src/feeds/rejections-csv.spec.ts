import { Readable } from 'node:stream';
import { csvField, rejectionsCsv } from './rejections-csv';

const read = async (stream: Readable) => {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
};

describe('the CSV of a feed\'s rejections', () => {
  it('asks each next page only after the last, and ends when there is none', async () => {
    const asked: number[] = [];
    const pages = new Map([[3, { rejections: [{ line: 7, reason: 'amount, not a number' }], nextAfterLine: 7 }], [7, { rejections: [{ line: 9, reason: 'said "twice"' }], nextAfterLine: null }]]);
    const first = { rejections: [{ line: 2, reason: 'unknown pharmacy' }, { line: 3, reason: '=HYPERLINK()' }], nextAfterLine: 3 };
    const text = await read(Readable.from(rejectionsCsv(first, async (after) => { asked.push(after); return pages.get(after)!; })));
    expect(asked).toEqual([3, 7]);
    expect(text).toBe('line,reason\n2,unknown pharmacy\n3,\'=HYPERLINK()\n7,"amount, not a number"\n9,"said ""twice"""\n');
  });

  it('is the header alone for a feed without rejections, and stops on a page that does not move on', async () => {
    expect(await read(Readable.from(rejectionsCsv({ rejections: [], nextAfterLine: null }, () => Promise.reject(new Error('not asked')))))).toBe('line,reason\n');
    const stuck = { rejections: [{ line: 2, reason: 'x' }], nextAfterLine: 2 };
    await expect(read(Readable.from(rejectionsCsv(stuck, async () => stuck)))).rejects.toThrow('did not move');
  });

  it('quotes what needs quoting', () => {
    expect([csvField(12), csvField('plain'), csvField('a\nb'), csvField('-1')]).toEqual(['12', 'plain', '"a\nb"', "'-1"]);
  });
});

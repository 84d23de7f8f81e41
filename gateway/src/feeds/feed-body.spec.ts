import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { feedSignature, feedSpoolPath } from '@mc/kit';
import { FEED_HEAD_BYTES, feedHeadProblem, receiveFeed, spoolFeed } from './feed-body';
import { FeedMessages } from './feed-signature';

const HEADER = 'pharmacy_code,partner_product_id,amount,price,updated_at';
const ROW = 'PH-001,YP-10,3,120.50,2026-11-28T10:00:00+02:00';

describe("a pushed feed's start", () => {
  const problem = (text: string | Buffer, complete = true) => feedHeadProblem(Buffer.isBuffer(text) ? text : Buffer.from(text), complete);

  it('passes a header row and a row, in CSV or gzip, with a BOM, CRLF or quoted names', async () => {
    for (const text of [`${HEADER}\n${ROW}\n`, `\uFEFF${HEADER}\r\n${ROW}\r\n`, `${HEADER.split(',').map((c) => `"${c}"`).join(',')}\n${ROW}`]) {
      expect(await problem(text)).toBeUndefined();
      expect(await problem(gzipSync(text))).toBeUndefined();
    }
  });

  it('refuses an empty feed, a wrong header and a feed without rows', async () => {
    expect(await problem('')).toBe(FeedMessages.empty);
    expect(await problem(' \n')).toBe(FeedMessages.empty);
    expect(await problem(gzipSync(''))).toBe(FeedMessages.empty);
    expect(await problem(`${HEADER}\n`)).toBe(FeedMessages.noRows);
    expect(await problem(`${HEADER}\n\n  \n`)).toBe(FeedMessages.noRows);
    expect(await problem(HEADER)).toBe(FeedMessages.noRows);
    expect(await problem(gzipSync(`${HEADER}\n`))).toBe(FeedMessages.noRows);
    expect(await problem(`pharmacy,product,amount,price,updated_at\n${ROW}\n`)).toBe(FeedMessages.header);
    expect(await problem(`${ROW}\n${ROW}\n`)).toBe(FeedMessages.header);
    expect(await problem(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xff, 0xff, 0xff, 0x00, 0x03, 0xde, 0xad, 0xbe, 0xef]))).toBe(FeedMessages.gzip);
  });

  it('judges only what it saw of a long feed: rows may follow, a header without a line end may not', async () => {
    const long = `${HEADER}\n${`${ROW}\n`.repeat(5000)}`;
    const start = Buffer.from(long).subarray(0, FEED_HEAD_BYTES);
    expect(await problem(start, false)).toBeUndefined();
    expect(await problem(gzipSync(long).subarray(0, 2000), false)).toBeUndefined();
    expect(await problem(`${HEADER}\n\n\n`, false)).toBeUndefined();
    expect(await problem('x'.repeat(FEED_HEAD_BYTES), false)).toBe(FeedMessages.header);
    // A gzip bomb's start is inflated no further than the head.
    expect(await problem(gzipSync(Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(5_000_000, 0x20)])), true)).toBeUndefined();
  });
});

describe('receiving a pushed feed', () => {
  let dir: string;
  beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'feed-body-')); });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const secret = 'a-partner-secret-of-some-length';
  const chunks = (text: string, size = 1000) => Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, i) => Buffer.from(text.slice(i * size, (i + 1) * size))));

  it("writes it to the incoming folder, signed and hashed as the kit's rules say, then moves it to its spool path", async () => {
    const text = `${HEADER}\n${`${ROW}\n`.repeat(3000)}`;
    const feed = await receiveFeed(chunks(text), { incomingDir: dir, secret, timestamp: 1_800_000_000, maxBytes: 1_000_000 });
    expect(feed.signature).toBe(feedSignature(secret, 1_800_000_000, text));
    expect(feed.feedId).toBe(createHash('sha256').update(text).digest('hex'));
    expect(feed.size).toBe(Buffer.byteLength(text));
    expect(feed.head.toString()).toBe(text.slice(0, FEED_HEAD_BYTES));
    expect(readFileSync(feed.tempPath, 'utf8')).toBe(text);
    await spoolFeed(feed, dir, 'yarpa');
    expect(readFileSync(feedSpoolPath(dir, 'yarpa', feed.feedId), 'utf8')).toBe(text);
    expect(existsSync(feed.tempPath)).toBe(false);
  });

  it('stops past the size cap with a 413, leaving the body unread and no file', async () => {
    const body = new PassThrough();
    const sending = receiveFeed(body, { incomingDir: dir, secret, timestamp: 1, maxBytes: 10_000 });
    for (let i = 0; i < 8; i++) body.write(Buffer.alloc(2000, 0x41));
    await expect(sending).rejects.toMatchObject({ status: 413, message: FeedMessages.tooLarge });
    expect(body.destroyed).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes what it wrote when the client leaves mid-body (a 400 nobody hears)', async () => {
    const body = new PassThrough();
    const sending = receiveFeed(body, { incomingDir: dir, secret, timestamp: 1, maxBytes: 10_000 });
    body.write(Buffer.alloc(2000, 0x41));
    await new Promise((resolve) => setTimeout(resolve, 20));
    body.destroy();
    await expect(sending).rejects.toMatchObject({ status: 400 });
    expect(readdirSync(dir)).toEqual([]);
  });
});

import { createHash, type Hash, type Hmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';

/** One CSV record of a stored feed with its line, or a line the parser could not read. */
export type FeedRecord = { line: number; record: string[] } | { line: number; unreadable: string };

const GZIP_MAGIC = [0x1f, 0x8b];

async function isGzip(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await file.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  } finally {
    await file.close();
  }
}

/** Streams the stored bytes through hashes (the feed id, the partner's signature), never holding them. */
export async function digestFile(path: string, ...digests: (Hash | Hmac)[]): Promise<string[]> {
  await pipeline(createReadStream(path), new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const d of digests) d.update(chunk);
      done();
    },
  }));
  return digests.map((d) => d.digest('hex'));
}

export const sha256Of = async (path: string): Promise<string> => (await digestFile(path, createHash('sha256')))[0];

/**
 * The records of a stored feed (gzip or not), streamed through csv-parse with their line numbers: the header is
 * line 1. A record the parser cannot read (an unclosed quote, stray bytes) comes as `unreadable` and the rest go on.
 */
export async function* feedRecords(path: string): AsyncGenerator<FeedRecord> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_error: true, info: true });
  const skipped: FeedRecord[] = [];
  parser.on('skip', (err: Error & { lines?: number }) => skipped.push({ line: err.lines ?? 0, unreadable: err.message }));
  const source = createReadStream(path);
  const input = (await isGzip(path)) ? source.pipe(createGunzip()) : source;
  input.on('error', (err: Error) => parser.destroy(err));
  input.pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    while (skipped.length) yield skipped.shift()!;
    yield { line: info.lines, record };
  }
  while (skipped.length) yield skipped.shift()!;
}

import { createHash, randomUUID, type Hash, type Hmac } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlib, createGunzip } from 'node:zlib';
import { Messages, STOCK_FEED_COLUMNS } from '@mc/contracts';
import { feedSigner, feedSpoolPath } from '@mc/kit';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { FeedMessages, feedRefusal } from './feed-signature';

/** The body types of a push: the CSV, or its gzip file (sent as it is, never as a Content-Encoding). */
export const FEED_BODY_TYPES = ['text/csv', 'application/gzip', 'application/x-gzip', 'application/octet-stream'];

/** The route config (`@RouteConfig`) of a route that takes a feed body as a stream. */
export const FEED_BODY_ROUTE = { feedBody: true, decompress: false } as const;

const feedBodies = new WeakMap<FastifyRequest, Readable>();

/**
 * A content-type parser for the feed's types that reads nothing: on a feed route (FEED_BODY_ROUTE) it hands the
 * request's stream to the handler (`feedBodyOf`), which checks the partner's headers before the first byte is read;
 * on any other route these types are refused with 415, as before there was a parser for them.
 */
export function registerFeedBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(FEED_BODY_TYPES, (request, payload, done) => {
    if ((request.routeOptions.config as { feedBody?: boolean } | undefined)?.feedBody !== true) {
      done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(String(request.headers['content-type'])), undefined);
      return;
    }
    feedBodies.set(request, payload);
    done(null, undefined);
  });
}

/** The unread body of a feed route's request, when it came as one of FEED_BODY_TYPES. */
export const feedBodyOf = (request: FastifyRequest): Readable | undefined => feedBodies.get(request);

/** How much of a feed's start the gateway reads to refuse an empty feed, a wrong header or one without rows. */
export const FEED_HEAD_BYTES = 64 * 1024;

class TooLarge extends Error {}

/** Passes the body on while it signs and hashes it, keeps its first FEED_HEAD_BYTES, and stops past `maxBytes`. */
class FeedMeter extends Transform {
  readonly signer: Hmac;
  readonly hash: Hash = createHash('sha256');
  size = 0;
  private readonly head: Buffer[] = [];
  private headBytes = 0;

  constructor(secret: string, timestamp: number, private readonly maxBytes: number) {
    super();
    this.signer = feedSigner(secret, timestamp);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      callback(new TooLarge());
      return;
    }
    this.signer.update(chunk);
    this.hash.update(chunk);
    if (this.headBytes < FEED_HEAD_BYTES) {
      const part = chunk.subarray(0, FEED_HEAD_BYTES - this.headBytes);
      this.head.push(part);
      this.headBytes += part.length;
    }
    callback(null, chunk);
  }

  headBuffer(): Buffer {
    return Buffer.concat(this.head);
  }
}

/** A feed received whole into the spool's incoming folder, not yet accepted. */
export interface ReceivedFeed {
  tempPath: string;
  /** Its SHA-256 (hex): the feed's id. */
  feedId: string;
  /** The hex HMAC-SHA256 of `{timestamp}.{body}` with the partner's secret. */
  signature: string;
  size: number;
  head: Buffer;
}

/**
 * Streams a pushed body into a new file of `incomingDir`, signing and hashing it on the way (never whole in memory).
 * Past `maxBytes` it stops reading and throws the 413 (the request's stream is left unread, not destroyed, so the
 * answer still reaches the client). A client gone mid-body throws too. Either way the file is removed.
 */
export async function receiveFeed(body: Readable, options: { incomingDir: string; secret: string; timestamp: number; maxBytes: number }): Promise<ReceivedFeed> {
  const tempPath = join(options.incomingDir, randomUUID());
  const meter = new FeedMeter(options.secret, options.timestamp, options.maxBytes);
  const written = pipeline(meter, createWriteStream(tempPath, { flags: 'wx' }));
  // A body that ends early (the client left) must end the pipeline too: pipe() does not pass errors on.
  let clientLeft = false;
  const stopWatching = finished(body, (err) => {
    if (!err) return;
    clientLeft = true;
    meter.destroy(err);
  });
  body.pipe(meter);
  try {
    await written;
  } catch (err) {
    body.unpipe(meter);
    await rm(tempPath, { force: true });
    if (err instanceof TooLarge) throw feedRefusal(413, FeedMessages.tooLarge);
    if (clientLeft) throw feedRefusal(400, Messages.badRequest);
    throw err;
  } finally {
    stopWatching();
  }
  return { tempPath, feedId: meter.hash.digest('hex'), signature: meter.signer.digest('hex'), size: meter.size, head: meter.headBuffer() };
}

/** Moves an accepted feed to its place in the spool (`{dir}/{partner}/{feedId}`); the same bytes again replace themselves. */
export async function spoolFeed(feed: ReceivedFeed, spoolDir: string, partner: string): Promise<void> {
  const target = feedSpoolPath(spoolDir, partner, feed.feedId);
  await mkdir(join(spoolDir, partner), { recursive: true });
  await rename(feed.tempPath, target);
}

/** At most `limit` bytes of the text in the start of a gzip file (`whole`: the file ended within them). */
function gunzipHead(head: Buffer, limit: number): Promise<{ text: Buffer; whole: boolean }> {
  return new Promise((resolve, reject) => {
    // Z_SYNC_FLUSH: a cut-off start is inflated as far as it goes, without an error for the missing end.
    const gunzip = createGunzip({ finishFlush: zlib.Z_SYNC_FLUSH });
    const chunks: Buffer[] = [];
    let size = 0;
    gunzip.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        gunzip.destroy();
        resolve({ text: Buffer.concat(chunks).subarray(0, limit), whole: false });
      }
    });
    gunzip.once('end', () => resolve({ text: Buffer.concat(chunks), whole: true }));
    gunzip.once('error', reject);
    gunzip.end(head);
  });
}

const cellsOf = (line: string): string => line.replace(/\r$/, '').split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim()).join(',');

/**
 * Why a feed cannot be a feed, from its start (`head`, the first FEED_HEAD_BYTES; `complete`: the whole body): empty,
 * a broken gzip, a first line that is not the header row, or nothing after the header. Undefined when it may be
 * (the rows themselves are the stock-feed worker's to check). A gzip file is known by its first bytes.
 */
export async function feedHeadProblem(head: Buffer, complete: boolean): Promise<string | undefined> {
  let bytes = head;
  let whole = complete;
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) {
    try {
      const inflated = await gunzipHead(head, FEED_HEAD_BYTES);
      bytes = inflated.text;
      whole = complete && inflated.whole;
    } catch {
      return FeedMessages.gzip;
    }
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (!/\S/.test(text)) return whole ? FeedMessages.empty : FeedMessages.header;
  const lineEnd = text.indexOf('\n');
  if (lineEnd < 0 && !whole) return FeedMessages.header;
  const header = cellsOf(lineEnd < 0 ? text : text.slice(0, lineEnd));
  if (header !== STOCK_FEED_COLUMNS.join(',')) return FeedMessages.header;
  if (whole && (lineEnd < 0 || !/\S/.test(text.slice(lineEnd + 1)))) return FeedMessages.noRows;
  return undefined;
}

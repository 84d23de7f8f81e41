import { applyDecorators, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiConsumes, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiProduces,
  ApiQuery, ApiServiceUnavailableResponse, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse, ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { Messages, STOCK_FEED_HEADERS, STOCK_FEED_REJECTIONS_SHOWN, Subjects, type StockFeedAccepted, type StockFeedStatus } from '@mc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ServiceClients } from '../clients/clients.module';
import { OpenEndpoint } from '../http/client-headers.guard';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import { FEED_BODY_ROUTE, FEED_BODY_TYPES, FEED_HEAD_BYTES, feedBodyOf, feedHeadProblem, receiveFeed, spoolFeed } from './feed-body';
import { FeedIntake } from './feed-intake';
import { assertSigned, bodilessCallOf, FeedMessages, feedRefusal, partnerCallOf, type PartnerCall } from './feed-signature';
import { rejectionsCsv } from './rejections-csv';

/** A partner pushes a feed every few minutes at most; this only stops one address from filling the spool. */
const FEED_PUSH_LIMIT: RateLimitRule = { name: 'feed-push', per: 'client', count: 60, windowSeconds: 60 };
/** A partner polls a feed's status while it is applied (a few times a second at most). */
const FEED_STATUS_LIMIT: RateLimitRule = { name: 'feed-status', per: 'client', count: 600, windowSeconds: 60 };

/** The partner's three headers, which every route here takes instead of the client headers. */
const SignedByPartner = () => applyDecorators(
  ApiHeader({ name: STOCK_FEED_HEADERS.partner, required: true, description: "the partner's id, as configured (FEED_PARTNERS)" }),
  ApiHeader({ name: STOCK_FEED_HEADERS.timestamp, required: true, description: 'Unix seconds; accepted within 5 minutes either side' }),
  ApiHeader({ name: STOCK_FEED_HEADERS.signature, required: true, description: "hex HMAC-SHA256 of `{timestamp}.{body}` with the partner's secret (a GET signs an empty body)" }),
);

const hasBody = (request: FastifyRequest): boolean =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

const wantsCsv = (format: unknown, accept: string | undefined): boolean =>
  format === 'csv' || (format === undefined && /(^|,)\s*text\/csv/i.test(accept ?? ''));

/**
 * The licensed-data partner's stock feed (API.md "Partner stock feed"), called by the partner's server: no client
 * headers (`@OpenEndpoint`), the partner's own signed headers instead. The gateway checks them before it reads a
 * body, streams a push into the spool (never whole in memory) and hands pharm the stored feed's id; pharm checks the
 * signature again (the worker over the stored bytes) and applies it. Every refusal is a 4xx, which passes pharm's
 * breaker by.
 */
@ApiTags('feeds')
@Controller('feeds/stock')
@OpenEndpoint()
@SignedByPartner()
export class StockFeedController {
  constructor(
    @Inject(ServiceClients) private readonly clients: ServiceClients,
    @Inject(FeedIntake) private readonly intake: FeedIntake,
  ) {}

  @Post()
  @HttpCode(202)
  @RouteConfig(FEED_BODY_ROUTE)
  @RateLimit(FEED_PUSH_LIMIT)
  @ApiConsumes(...FEED_BODY_TYPES)
  @ApiBody({ schema: { type: 'string', format: 'binary' }, description: 'the feed: UTF-8 CSV with its header row, or its gzip file' })
  @ApiAcceptedResponse({ description: '{ jobId }: stored and queued for the stock-feed worker' })
  @ApiBadRequestResponse({ description: 'an empty body, a first line that is not the header row, no rows, a broken gzip' })
  @ApiUnauthorizedResponse({ description: 'an unknown partner, a timestamp missing or outside 5 minutes (both before the body is read), a signature that does not match' })
  @ApiPayloadTooLargeResponse({ description: 'over FEED_MAX_BYTES' })
  @ApiUnsupportedMediaTypeResponse({ description: 'another body type, or a Content-Encoding' })
  @ApiTooManyRequestsResponse({ description: 'more than 60 pushes a minute from one address' })
  @ApiServiceUnavailableResponse({ description: 'pharm cannot be reached (the feed is stored: push it again)' })
  async push(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<StockFeedAccepted> {
    let call: PartnerCall;
    let body: Readable;
    try {
      ({ call, body } = this.unreadPush(request));
    } catch (err) {
      // Refused before the body was read: the rest of it is not waited for.
      if (hasBody(request)) void reply.header('connection', 'close');
      throw err;
    }
    const received = await receiveFeed(body, { incomingDir: this.intake.incomingDir, secret: call.secret, timestamp: call.timestamp, maxBytes: this.intake.maxBytes })
      .catch((err: unknown) => {
        void reply.header('connection', 'close');
        throw err;
      });
    try {
      assertSigned(call, received.signature);
      const problem = await feedHeadProblem(received.head, received.size <= FEED_HEAD_BYTES);
      if (problem) throw feedRefusal(400, problem);
      await spoolFeed(received, this.intake.spoolDir, call.partner);
    } catch (err) {
      await rm(received.tempPath, { force: true });
      throw err;
    }
    return this.clients.get('pharm').send(Subjects.pharm.stockFeedSubmit, {
      partner: call.partner, timestamp: call.timestamp, signature: call.signature, feedId: received.feedId,
    });
  }

  /** The push's partner and its unread body, or the refusal that needs no byte of it. */
  private unreadPush(request: FastifyRequest): { call: PartnerCall; body: Readable } {
    const call = partnerCallOf(request.headers, (partner) => this.intake.secretOf(partner));
    const encoding = String(request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity') throw feedRefusal(415, FeedMessages.contentEncoding);
    const body = feedBodyOf(request);
    if (!body) throw hasBody(request) ? feedRefusal(415, FeedMessages.mediaType) : feedRefusal(400, FeedMessages.empty);
    if (Number(request.headers['content-length'] ?? 0) > this.intake.maxBytes) throw feedRefusal(413, FeedMessages.tooLarge);
    return { call, body };
  }

  @Get(':jobId')
  @Header('cache-control', 'no-store')
  @RateLimit(FEED_STATUS_LIMIT)
  @ApiQuery({ name: 'format', required: false, description: '`csv`: every rejection as CSV (`line,reason`), also with `Accept: text/csv`' })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: `{ state, applied, unchanged, rejected, rejections: [{ line, reason }] } (the first ${STOCK_FEED_REJECTIONS_SHOWN}); or the CSV of all` })
  @ApiBadRequestResponse({ description: 'a job id that is not 64 hex digits' })
  @ApiUnauthorizedResponse({ description: 'an unknown partner, a timestamp outside 5 minutes, a signature (of `{timestamp}.`) that does not match' })
  @ApiNotFoundResponse({ description: "no such feed of this partner's" })
  @ApiTooManyRequestsResponse({ description: 'more than 600 a minute from one address' })
  @ApiServiceUnavailableResponse({ description: 'pharm cannot be reached' })
  async status(@Req() request: FastifyRequest, @Param('jobId') jobId: string, @Query('format') format: unknown): Promise<StockFeedStatus | StreamableFile> {
    const signed = bodilessCallOf(request.headers, (partner) => this.intake.secretOf(partner));
    if (!/^[0-9a-f]{64}$/.test(jobId)) throw feedRefusal(400, Messages.badRequest);
    const pharm = this.clients.get('pharm');
    if (!wantsCsv(format, request.headers.accept)) return pharm.send(Subjects.pharm.stockFeedStatus, { ...signed, jobId });
    const page = (afterLine: number) => pharm.send(Subjects.pharm.stockFeedRejections, { ...signed, jobId, afterLine });
    // The first page before the answer starts: a refusal (401, 404) is still an HTTP error, not a cut-off file.
    const first = await page(0);
    return new StreamableFile(Readable.from(rejectionsCsv(first, page)), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="stock-feed-${jobId.slice(0, 12)}-rejections.csv"`,
    });
  }
}

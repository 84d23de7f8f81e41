import { Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import {
  ApiAcceptedResponse, ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiConflictResponse, ApiConsumes, ApiNotFoundResponse, ApiParam, ApiServiceUnavailableResponse,
  ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { DOCUMENT_KINDS, ErrorCodes, Messages, Subjects, type DocumentsBeginCommand, type ServiceError } from '@mc/contracts';
import { DOCUMENTS_TRANSIT_TTL_SECONDS, documentsTransitKey, sealDocument, transitKey } from '@mc/kit';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ServiceClients } from '../clients/clients.module';
import { GatewayEnv } from '../config';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';
import { GatewayRedis } from '../redis/redis.module';
import { readDocuments, type UploadedDocument } from './documents';

/** Uploads by one user: a person sends a batch's documents once (again after a failure); 10 an hour is plenty. */
const DOCUMENTS_LIMIT: RateLimitRule = { name: 'order-documents', per: 'user', count: 10, windowSeconds: 3600 };

/** An order id of a path as a number for the order service to validate (anything but digits is its 400). */
const orderIdOf = (raw: string): number => (/^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN);

const failed = (): ServiceError => ({ status: 503, code: ErrorCodes.unavailable, message: Messages.documentsFailed });

const UPLOAD_BODY = {
  schema: {
    type: 'object',
    required: [...DOCUMENT_KINDS],
    properties: Object.fromEntries([
      ...DOCUMENT_KINDS.map((kind) => [kind, { type: 'string', format: 'binary', description: 'an image or a PDF under 3,000,000 bytes' }]),
      ['idNumber', { type: 'string', description: "spec 3's field: accepted and ignored (never stored, logged or forwarded)" }],
    ]),
  },
};

/**
 * The patient's documents (identity card, cannabis licence, prescription) for their own orders: checked in memory,
 * sealed (AES-256-GCM) into Redis for at most ten minutes and e-mailed to each pharmacy by notifications, which then
 * deletes them. Nothing is written to disk or to a database; order records only whether they were delivered.
 */
@ApiTags('checkout')
@Controller()
export class DocumentsController {
  private readonly key: Buffer;

  constructor(
    @Inject(ServiceClients) private readonly clients: ServiceClients,
    @Inject(GatewayRedis) private readonly redis: GatewayRedis,
    @Inject(GatewayEnv) env: GatewayEnv,
  ) {
    this.key = transitKey(env);
  }

  @Post('orders/batches/:uid/documents')
  @HttpCode(202)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiParam({ name: 'uid', description: "the batch's uid: the documents go to the pharmacy of each of its orders" })
  @ApiAcceptedResponse({ description: "{ message: 'המסמכים צורפו להזמנה בהצלחה' }: on their way to the pharmacies" })
  @ApiBadRequestResponse({ description: "a missing document ('יש לבחור קובץ …'), one of 3 MB or more ('יש לבחור קובץ לא יותר מ-3MB') or not an image or PDF ('יש לבחור קובץ תמונה/PDF בלבד')" })
  @ApiNotFoundResponse({ description: "no such batch of the signed-in user's" })
  @ApiConflictResponse({ description: 'an order of the batch is not open or pending, or has documents already' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 10 uploads an hour by one user' })
  @ApiServiceUnavailableResponse({ description: "the documents could not be forwarded ('אנו מתנצלים על אי הנוחות...'): nothing was kept, send them again" })
  @RateLimit(DOCUMENTS_LIMIT)
  async batch(@Param('uid') uid: string, @Req() request: FastifyRequest): Promise<{ message: string }> {
    return this.submit({ batchUid: uid }, await readDocuments(request));
  }

  @Post('user/orders/:orderId/documents')
  @HttpCode(202)
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiParam({ name: 'orderId', description: "one of the signed-in user's orders" })
  @ApiAcceptedResponse({ description: "{ message: 'המסמכים צורפו להזמנה בהצלחה' }: on their way to the pharmacy" })
  @ApiBadRequestResponse({ description: "a missing document ('יש לבחור קובץ …'), one of 3 MB or more ('יש לבחור קובץ לא יותר מ-3MB') or not an image or PDF ('יש לבחור קובץ תמונה/PDF בלבד')" })
  @ApiNotFoundResponse({ description: "no such order of the signed-in user's" })
  @ApiConflictResponse({ description: 'the order is not open or pending, or has documents already' })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 10 uploads an hour by one user' })
  @ApiServiceUnavailableResponse({ description: "the documents could not be forwarded ('אנו מתנצלים על אי הנוחות...'): nothing was kept, send them again" })
  @RateLimit(DOCUMENTS_LIMIT)
  async order(@Param('orderId') orderId: string, @Req() request: FastifyRequest): Promise<{ message: string }> {
    return this.submit({ orderId: orderIdOf(orderId) }, await readDocuments(request));
  }

  /**
   * Order marks the caller's orders 'sending' (or refuses: not theirs, not open or pending, documents already sent);
   * the files go to Redis sealed under one random reference, and notifications is told where to find them. If it
   * cannot be told, the files are deleted and order hears that the delivery failed, so the patient may send again.
   */
  private async submit(target: DocumentsBeginCommand, documents: UploadedDocument[]): Promise<{ message: string }> {
    const delivery = await this.clients.get('order').send(Subjects.order.documentsBegin, target);
    const ref = randomUUID();
    const key = documentsTransitKey(ref);
    try {
      const sealed = this.redis.client.multi();
      for (const document of documents) sealed.hset(key, document.kind, sealDocument(this.key, document.bytes, `${ref}:${document.kind}`));
      const results = await sealed.expire(key, DOCUMENTS_TRANSIT_TTL_SECONDS).exec();
      if (!results || results.some(([error]) => error)) throw new Error('sealed documents not stored');
      await this.clients.get('notifications').send(Subjects.notifications.documentsSend, {
        ref,
        deliveryId: delivery.deliveryId,
        documents: documents.map(({ kind, mime, extension, size }) => ({ kind, mime, extension, size })),
        orders: delivery.orders.map(({ orderId, batchUid }) => ({ orderId, batchUid })),
      });
    } catch {
      await this.redis.client.del(key).catch(() => undefined);
      await this.clients.get('order').send(Subjects.order.documentsAbandon, { deliveryId: delivery.deliveryId }).catch(() => undefined);
      throw failed();
    }
    return { message: Messages.documentsSubmitted };
  }
}

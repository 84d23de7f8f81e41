import multipart from '@fastify/multipart';
import {
  DOCUMENT_KINDS, DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES, DOCUMENT_REQUIRED_MESSAGES, ErrorCodes, Messages,
  type DocumentKind, type HttpErrorBody, type ServiceError,
} from '@mc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import FileType from 'file-type';

/** Three documents just under 3 MB each, with the form's boundaries and small fields: the most an upload may carry. */
const DOCUMENTS_BODY_LIMIT = 9_500_000;

/** The routes that take multipart (every other route answers 415 to it, as before). */
const DOCUMENT_ROUTES = new Set(['/api/orders/batches/:uid/documents', '/api/user/orders/:orderId/documents']);

/** Besides the three files: `idNumber` (spec 3's field, ignored) and room for a browser's extra part; more is refused. */
const LIMITS = { files: DOCUMENT_KINDS.length, fileSize: DOCUMENT_MAX_BYTES - 1, fields: 4, fieldSize: 1000, parts: DOCUMENT_KINDS.length + 4, headerPairs: 100 };

const refused = (message: string): ServiceError => ({ status: 400, code: ErrorCodes.validation, message });

/**
 * Multipart for the document routes only, parsed in memory (`toBuffer`, never `saveRequestFiles`: nothing is written to
 * disk). A request to any other route with a multipart body is refused before its body is read.
 */
export async function registerDocumentUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
  fastify.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    if (!DOCUMENT_ROUTES.has(request.routeOptions.url ?? '')) {
      const body: HttpErrorBody = { statusCode: 415, code: ErrorCodes.badRequest, message: Messages.badRequest };
      return reply.code(415).send(body);
    }
    const length = Number(request.headers['content-length'] ?? Number.NaN);
    if (!Number.isFinite(length) || length > DOCUMENTS_BODY_LIMIT) {
      const body: HttpErrorBody = { statusCode: 413, code: ErrorCodes.badRequest, message: Messages.requestTooLarge };
      return reply.code(413).header('connection', 'close').send(body);
    }
  });
}

/** One document as the gateway holds it for the few moments until it is sealed. */
export interface UploadedDocument {
  kind: DocumentKind;
  mime: string;
  extension: string;
  size: number;
  bytes: Buffer;
}

interface Received {
  bytes?: Buffer;
  tooLarge?: boolean;
}

/**
 * Reads the upload's three files into memory and checks them as spec 5 says, by content: each present, each under
 * 3,000,000 bytes, each an image or a PDF by its magic bytes (the name and the declared type are not trusted).
 * Fields other than the files (the spec's `idNumber`) are read and dropped: never kept, logged or forwarded.
 * Throws a 400 with the first document's message (in the form's order) when one is not right.
 */
export async function readDocuments(request: FastifyRequest): Promise<UploadedDocument[]> {
  if (!request.isMultipart()) throw refused(DOCUMENT_REQUIRED_MESSAGES.idDocument);
  const received = new Map<DocumentKind, Received>();
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      const kind = part.fieldname as DocumentKind;
      if (!(DOCUMENT_KINDS as readonly string[]).includes(kind) || received.has(kind)) continue;
      received.set(kind, part.file.truncated ? { tooLarge: true } : { bytes });
    }
  } catch {
    // A malformed body or more parts than allowed: the client's fault, never a 5xx.
    throw refused(Messages.badRequest);
  }
  const documents: UploadedDocument[] = [];
  for (const kind of DOCUMENT_KINDS) {
    const file = received.get(kind);
    if (!file || (!file.tooLarge && !file.bytes?.length)) throw refused(DOCUMENT_REQUIRED_MESSAGES[kind]);
    if (file.tooLarge || file.bytes!.length >= DOCUMENT_MAX_BYTES) throw refused(Messages.documentTooLarge);
    const type = await FileType.fromBuffer(file.bytes!);
    if (!type || !(DOCUMENT_MIME_TYPES as readonly string[]).includes(type.mime)) throw refused(Messages.documentWrongType);
    documents.push({ kind, mime: type.mime, extension: type.ext, size: file.bytes!.length, bytes: file.bytes! });
  }
  return documents;
}

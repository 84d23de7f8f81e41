import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, IsUUID, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { Messages } from '../messages';

/** Spec 5 and 9: each document under 3,000,000 bytes. */
export const DOCUMENT_MAX_BYTES = 3_000_000;

/** The three documents of an order, by their multipart field names, with spec 5's 'required' messages. */
export const DOCUMENT_KINDS = ['idDocument', 'licenseDocument', 'prescriptionDocument'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_REQUIRED_MESSAGES: Record<DocumentKind, string> = {
  idDocument: Messages.documentIdRequired,
  licenseDocument: Messages.documentLicenseRequired,
  prescriptionDocument: Messages.documentPrescriptionRequired,
};
/** The Hebrew name of each document in the e-mail to the pharmacy. */
export const DOCUMENT_LABELS: Record<DocumentKind, string> = {
  idDocument: 'תעודת זהות',
  licenseDocument: 'רישיון קנאביס',
  prescriptionDocument: 'מרשם',
};

/** Images or PDF, as told by their magic bytes (file-type), never by the name or the declared type. */
export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/gif', 'application/pdf'] as const;
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';

/** The checks the browser makes before uploading (the gateway makes them again, by content). */
export function documentFileError(file: { size: number; type: string } | null | undefined, kind: DocumentKind): string | null {
  if (!file) return DOCUMENT_REQUIRED_MESSAGES[kind];
  if (file.size >= DOCUMENT_MAX_BYTES) return Messages.documentTooLarge;
  if (!(file.type.startsWith('image/') || file.type === 'application/pdf')) return Messages.documentWrongType;
  return null;
}

const invalid = { message: Messages.badRequest };

class HeldDocument {
  @IsIn(DOCUMENT_KINDS as unknown as string[], invalid)
  kind: DocumentKind;

  @IsIn(DOCUMENT_MIME_TYPES as unknown as string[], invalid)
  mime: string;

  @IsString(invalid) @MaxLength(10, invalid) @Matches(/^[a-z0-9]+$/, invalid)
  extension: string;

  @IsInt(invalid) @Min(1, invalid) @Max(DOCUMENT_MAX_BYTES, invalid)
  size: number;
}

class DocumentRecipient {
  @IsInt(invalid) @Min(1, invalid)
  orderId: number;

  @IsUUID('4', invalid)
  batchUid: string;
}

/**
 * `notifications.documents.send`: the gateway holds the files encrypted in Redis (under `ref`, for minutes) with the
 * documents transit key both processes are configured with; notifications e-mails them to each order's pharmacy,
 * deletes them and reports to order (`order.documents.finish`). The files never travel on the bus (1 MB a message).
 */
export class DocumentsSendCommand {
  @IsUUID('4', invalid)
  ref: string;

  @IsUUID('4', invalid)
  deliveryId: string;

  @IsArray(invalid) @ArrayMaxSize(DOCUMENT_KINDS.length, invalid)
  @ValidateNested({ each: true })
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => Object.assign(new HeldDocument(), v)) : value))
  documents: HeldDocument[];

  @IsArray(invalid) @ArrayMaxSize(100, invalid)
  @ValidateNested({ each: true })
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => Object.assign(new DocumentRecipient(), v)) : value))
  orders: DocumentRecipient[];
}

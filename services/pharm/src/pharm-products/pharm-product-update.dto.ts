import { Messages, type PharmProductUpdateRequest } from '@mc/contracts';
import { IsBoolean, IsInt, IsISO8601, IsNumber, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

const invalid = { message: Messages.badRequest };
const MAX_SHEKELS = 100_000;
const money = { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false };

/** `pharm.pharm-product.update`: a field left out stays; `null` clears the original price or the expiry (and only those). */
export class PharmProductUpdateDto implements PharmProductUpdateRequest {
  @IsString({ message: Messages.businessNotFound })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: Messages.businessNotFound })
  @MaxLength(100, { message: Messages.businessNotFound })
  businessId: string;

  @IsInt(invalid) @Min(1, invalid) @Max(2_147_483_647, invalid)
  id: number;

  @ValidateIf((o: PharmProductUpdateDto) => o.price !== undefined)
  @IsNumber(money, invalid) @Min(0, invalid) @Max(MAX_SHEKELS, invalid)
  price?: number;

  @ValidateIf((o: PharmProductUpdateDto) => o.originalPrice !== undefined && o.originalPrice !== null)
  @IsNumber(money, invalid) @Min(0.01, invalid) @Max(MAX_SHEKELS, invalid)
  originalPrice?: number | null;

  @ValidateIf((o: PharmProductUpdateDto) => o.inStock !== undefined)
  @IsBoolean(invalid)
  inStock?: boolean;

  @ValidateIf((o: PharmProductUpdateDto) => o.published !== undefined)
  @IsBoolean(invalid)
  published?: boolean;

  @ValidateIf((o: PharmProductUpdateDto) => o.expiresAt !== undefined && o.expiresAt !== null)
  @IsISO8601({ strict: true }, invalid)
  expiresAt?: string | null;
}

import { plainToInstance, Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested, validateSync } from 'class-validator';
import { SLUG_PATTERN } from '../catalog/product';
import { Apply, INT4_MAX, Nested } from '../forms/decorators';

const Slug = () => Apply(IsString(), MaxLength(200), Matches(SLUG_PATTERN));

/** One pharmacy's offer of one product, as catalog copies it; money in agorot. */
export class OfferSnapshot {
  @IsInt() @Min(1) @Max(INT4_MAX) pharmProductId: number;
  @Slug() productSlug: string;
  @Slug() pharmSlug: string;
  @IsInt() @Min(0) price: number;
  @IsOptional() @IsInt() @Min(0) originalPrice: number | null;
  @IsBoolean() inStock: boolean;
  @IsBoolean() published: boolean;
  @IsOptional() @IsISO8601() expiresAt: string | null;
  @IsBoolean() deleted: boolean;
}

/** The offers of a batch that are offers: one that its DTO refuses is left out, and does not hold the others back. */
const OffersThatFit = () =>
  Transform(({ value }: { value: unknown }) => (Array.isArray(value)
    ? value.filter((v: unknown) => v && typeof v === 'object' && !Array.isArray(v))
      .map((v: object) => plainToInstance(OfferSnapshot, v))
      .filter((offer) => validateSync(offer).length === 0)
    : value));

/** `evt.pharm.offers.changed`: a batch of changed offers (one pharmacy's at a time keeps it under NATS's 1 MB). */
export class OffersChangedEvent {
  @IsArray() @ValidateNested({ each: true }) @OffersThatFit() offers: OfferSnapshot[];
}

/** The pharmacy as catalog copies it for search. */
export class PharmSnapshot {
  @Slug() slug: string;
  @IsString() name: string;
  @IsString() city: string;
  @IsString() address: string;
  @IsOptional() @IsString() logoUrl: string | null;
}

/** `evt.pharm.pharm.changed`: the pharmacy as catalog copies it for search. */
export class PharmChangedEvent {
  @Nested(PharmSnapshot) pharm: PharmSnapshot;
  @IsBoolean() deleted: boolean;
}

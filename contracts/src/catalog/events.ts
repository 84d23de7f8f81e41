import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Nested, NestedEach } from '../forms/decorators';
import { CANNABIS_TYPES, SLUG_PATTERN, YARPA_PRODUCT_ID_PATTERN, type CannabisType } from './product';

/** A tag of a product as its event carries it. */
export class ProductTagSnapshot {
  @IsString() slug: string;
  @IsString() name: string;
}

/** The largest catalogue price an event may carry (agorot). */
const MAX_ESTIMATED_AGOROT = 10_000_000;

/** The product as other services may copy it (pharm's read model). */
export class ProductSnapshot {
  /** The catalogue's id of the product (issue 29: the company screens name products by it); events published before it existed lack it. */
  @IsOptional() @IsInt() @Min(1) id?: number;
  @IsString() @Matches(SLUG_PATTERN) slug: string;
  @IsString() name: string;
  @IsOptional() @IsString() shortName: string | null;
  @IsString() type: string;
  @IsOptional() @IsString() imageUrl: string | null;
  @IsString() hebName: string;
  @IsString() engName: string;
  @IsOptional() @IsString() company: string | null;
  /** The company's slug (issue 29); events published before it existed lack it: unknown, not null. */
  @IsOptional() @IsString() @Matches(SLUG_PATTERN) companySlug?: string | null;
  @IsOptional() @IsIn(CANNABIS_TYPES) cannabisType: CannabisType | null;
  @IsOptional() @IsString() thccbdDosage: string | null;
  @IsOptional() @IsString() family: string | null;
  @IsOptional() @IsBoolean() isPopular: boolean;
  @IsOptional() @IsBoolean() isNew: boolean;
  @IsOptional() @NestedEach(ProductTagSnapshot) tags: ProductTagSnapshot[];
  /**
   * Agorot: the catalogue's typical price, or null when it has none. What an offer priced 0 in the back office
   * costs (pharm's catalogue-priced offers follow it). Events published before it existed lack it: unknown, not null.
   */
  @IsOptional() @IsInt() @Min(0) @Max(MAX_ESTIMATED_AGOROT) estimatedPrice?: number | null;
  /** The pack (e.g. 10 'גרם'); events published before they existed lack them (unknown). */
  @IsOptional() @IsInt() @Min(1) sizeQuantity?: number | null;
  @IsOptional() @IsString() sizeUnit?: string | null;
  /**
   * The licensed-data partner's id of the product (`YARPA_PRODUCT_ID_PATTERN`), unique across the catalogue; null when the
   * partner has none. Events published before it existed lack it: unknown, not null.
   */
  @IsOptional() @IsString() @Matches(YARPA_PRODUCT_ID_PATTERN) yarpaProductId?: string | null;
}

/** `evt.catalog.product.changed`: the product as other services may copy it (pharm's read model). */
export class ProductChangedEvent {
  @Nested(ProductSnapshot) product: ProductSnapshot;
  @IsBoolean() deleted: boolean;
}

import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { GeoLocationDto } from '../forms/auth';
import { Messages } from '../messages';
import { CART_MAX_LINES, CART_MAX_PER_PRODUCT, type CookieCartItem } from '../rules/cart';
import type { Pharm, PharmProduct } from '../storefront/responses';

const invalid = { message: Messages.badRequest };

export class CartItemDto implements CookieCartItem {
  @IsInt(invalid) @Min(1, invalid) @Max(2_147_483_647, invalid)
  pharmProductId: number;

  @IsInt(invalid) @Min(1, invalid) @Max(CART_MAX_PER_PRODUCT, { message: Messages.cartLimit })
  amount: number;
}

// Not `@Type(() => CartItemDto)`: that needs reflect-metadata, which the web bundle (importing these contracts) does not load.
const toCartItemDto = (item: unknown) => (typeof item === 'object' && item !== null ? Object.assign(new CartItemDto(), item) : item);

/** `POST /api/cart/resolve` and `pharm.pharm-product.resolve-cart`: a cart's items, each product once. */
export class ResolveCartDto {
  @IsArray(invalid)
  @ArrayMaxSize(CART_MAX_LINES, invalid)
  @ArrayUnique((item: CartItemDto) => item?.pharmProductId, invalid)
  @ValidateNested({ each: true })
  @Transform(({ value }) => (Array.isArray(value) ? value.map(toCartItemDto) : value))
  cartItems: CartItemDto[];
}

/** `PUT /api/cart` and `cart.cart.store`: the signed-in user's whole cart, replacing what the server kept (the same rules). */
export class CartStoreCommand extends ResolveCartDto {}

/** `POST /api/cart/items` (`cart.item.add`): adds `amount` to the line (the sum at most 10); `PATCH` (`cart.item.update`) sets it. */
export class CartItemCommand extends CartItemDto {}

/** `PATCH /api/cart/items/{pharmProductId}`'s body: the line's new amount. */
export class CartAmountDto {
  @IsInt(invalid) @Min(1, invalid) @Max(CART_MAX_PER_PRODUCT, { message: Messages.cartLimit })
  amount: number;
}

/** `DELETE /api/cart/items/{pharmProductId}` (`cart.item.remove`). */
export class CartItemRemoveCommand {
  @IsInt(invalid) @Min(1, invalid) @Max(2_147_483_647, invalid)
  pharmProductId: number;
}

/** The signed-in user's cart as the server keeps it (spec 3: items plus updatedAt, an ISO time; null before the first change). */
export interface ServerCart {
  items: CookieCartItem[];
  updatedAt: string | null;
}

/**
 * One cart line with the offer as the storefront shows it now, whatever its state (`published` and
 * `inStock` tell whether it can still be ordered); `null` when the offer, its pharmacy or its product
 * no longer exists.
 */
export interface ResolvedCartItem {
  pharmProductId: number;
  amount: number;
  pharmProduct: PharmProduct | null;
}

export interface ResolvedCart {
  items: ResolvedCartItem[];
}

/** Whether a resolved line can be ordered; any that cannot blocks checkout ('יש להסיר תחילה את המוצרים שנמחקו'). */
export const isOrderable = (item: ResolvedCartItem): boolean =>
  item.pharmProduct !== null && item.pharmProduct.published && item.pharmProduct.inStock;

/** `POST /api/cart/alternatives` and `pharm.cart.alternatives`: the cart to fill in one pharmacy (the same rules as resolve). */
export const CART_ALTERNATIVES_SORTS = ['price', 'nearby'] as const;
export type CartAlternativesSort = (typeof CART_ALTERNATIVES_SORTS)[number];

/**
 * `POST /api/cart/alternatives` (`pharm.cart.alternatives`): the cart, and where the patient is (the browser's
 * position, when they allowed it): each pharmacy's distance from there, and `nearby` orders by it (else cheapest first).
 */
export class CartAlternativesDto extends ResolveCartDto {
  @IsOptional()
  @ValidateNested()
  @Transform(({ value }) => (value && typeof value === 'object' ? Object.assign(new GeoLocationDto(), value) : value))
  location?: GeoLocationDto;

  @IsOptional()
  @IsIn(CART_ALTERNATIVES_SORTS, invalid)
  sortBy?: CartAlternativesSort;
}

/** At most this many pharmacies are answered, the cheapest (or the nearest). */
export const CART_ALTERNATIVES_SHOWN = 5;

/** A cart line as one pharmacy would fill it. Money in shekels. */
export interface CartFillLine {
  /** The cart line's offer. */
  fromPharmProductId: number;
  /** This pharmacy's offer for it: the same product, else one of its family at the same T/C dosage (the cheapest). */
  pharmProductId: number;
  amount: number;
  sameProduct: boolean;
  productName: string;
  thccbdDosage: string | null;
  unitPrice: number;
}

/** One pharmacy that has every line of the cart in stock, with its total. Money in shekels. */
export interface CartFillOption {
  pharm: Pick<Pharm, 'slug' | 'name' | 'city' | 'logo_url'>;
  /** Km from the location asked with (one decimal), or null without one. */
  distanceKm: number | null;
  /** The cart's lines in its order (two lines this pharmacy fills with one offer stay two lines here). */
  lines: CartFillLine[];
  itemsTotal: number;
  /** Delivery to the caller's default address where the pharmacy ships there, else pickup (free). */
  shipping: { method: 'delivery' | 'pickup'; price: number };
  total: number;
  /** Every line is already this pharmacy's own offer: the cart is here. */
  isCurrent: boolean;
}

export interface CartAlternatives {
  /** Whether delivery was priced: to the signed-in caller's default address, or pickup for everyone. */
  shipTo: 'default-address' | 'pickup';
  /** The pharmacies that fill the whole cart, cheapest total first, or nearest first (at most CART_ALTERNATIVES_SHOWN). */
  options: CartFillOption[];
}

/** The cart as it reads after moving it to `option`'s pharmacy: each offer once, its lines' amounts summed. */
export function movedCart(option: CartFillOption): CookieCartItem[] {
  const amounts = new Map<number, number>();
  for (const line of option.lines) amounts.set(line.pharmProductId, (amounts.get(line.pharmProductId) ?? 0) + line.amount);
  return [...amounts].map(([pharmProductId, amount]) => ({ pharmProductId, amount }));
}

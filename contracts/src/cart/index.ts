import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, Max, Min, ValidateNested } from 'class-validator';
import { Messages } from '../messages';
import { CART_MAX_LINES, CART_MAX_PER_PRODUCT, type CookieCartItem } from '../rules/cart';
import type { PharmProduct } from '../storefront/responses';

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

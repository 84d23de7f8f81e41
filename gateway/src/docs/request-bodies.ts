import { applyDecorators } from '@nestjs/common';
import { ApiBody, type OpenAPIObject } from '@nestjs/swagger';
import {
  CartItemDto, CartStoreCommand, CreateOrderDto, EncryptedPiiDto, OpeningHoursSlotInput, OpeningHoursUpdateCommand, OrderStatusChange,
  OrderStatusUpdateCommand, QuoteDto, ResolveCartDto, ShippingAddressDto,
} from '@mc/contracts';
import { ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { targetConstructorToSchema } from 'class-validator-jsonschema';

type Dto = new (...args: never[]) => object;
type Options = NonNullable<Parameters<typeof targetConstructorToSchema>[1]>;
type Schema = ReturnType<typeof targetConstructorToSchema>;

const SCHEMAS = '#/components/schemas/';
/** The DTO classes named by `@RequestBody`, whose schemas the document gets from their class-validator rules. */
const bodyTypes = new Set<Dto>();

/**
 * Nested DTOs whose element class the contracts cannot name at run time (the web bundle loads no
 * reflect-metadata, so no `@Type`): the class of each such property, for the document only.
 */
const NESTED: ReadonlyMap<Dto, Record<string, Dto>> = new Map<Dto, Record<string, Dto>>([
  [ResolveCartDto, { cartItems: CartItemDto }],
  [CartStoreCommand, { cartItems: CartItemDto }],
  [QuoteDto, { shippingAddress: ShippingAddressDto }],
  [CreateOrderDto, { encryptedPii: EncryptedPiiDto }],
  [OpeningHoursUpdateCommand, { openingHours: OpeningHoursSlotInput }],
  [OrderStatusUpdateCommand, { orders: OrderStatusChange }],
]);

/** A JavaScript pattern as a JSON Schema `pattern` (ECMA-262); a pattern with flags is left to the description. */
const patternOf = (value: unknown): Schema => (value instanceof RegExp && !value.flags ? { pattern: value.source } : {});

/** The contracts' own decorators (forms/decorators.ts), by the name they register with class-validator. */
const converters: Options['additionalConverters'] = {
  filled: { type: 'string', minLength: 1 },
  matchesIfFilled: (meta: ValidationMetadata) => ({ type: 'string', ...patternOf(meta.constraints?.[0]) }),
  intInRange: (meta: ValidationMetadata) => ({ type: 'integer', minimum: meta.constraints?.[0] as number, maximum: meta.constraints?.[1] as number }),
  noControlChars: { type: 'string' },
  isIsraeliId: { type: 'string' },
  match: { type: 'string' },
  [ValidationTypes.NESTED_VALIDATION]: (meta: ValidationMetadata) => {
    const child = NESTED.get(meta.target as Dto)?.[meta.propertyName];
    return child ? { $ref: `${SCHEMAS}${child.name}` } : { type: 'object' };
  },
};

/** The JSON schema of a DTO from its class-validator rules (its parents' included). */
export function dtoSchema(type: Dto): Schema {
  return targetConstructorToSchema(type, { refPointerPrefix: SCHEMAS, additionalConverters: converters });
}

/**
 * The request body of a route, documented as the contracts DTO the service validates it with. Documentation
 * only: the gateway does not validate or strip the body (the service does, and answers 400).
 */
export function RequestBody(type: Dto, description?: string): MethodDecorator {
  bodyTypes.add(type);
  return applyDecorators(ApiBody({ type, description }));
}

/**
 * Puts the schema of every `@RequestBody` DTO (and of the DTOs nested in them) in the document, in place of
 * the empty ones Nest writes for classes without `@ApiProperty`.
 */
export function addRequestBodySchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components ??= {}).schemas ??= {};
  const types = [...bodyTypes, ...[...bodyTypes].flatMap((type) => Object.values(NESTED.get(type) ?? {}))];
  for (const type of types) schemas[type.name] = dtoSchema(type) as (typeof schemas)[string];
  return document;
}

import { plainToInstance, Transform } from 'class-transformer';
import { IsArray, ValidateBy, ValidateNested, ValidationArguments } from 'class-validator';
import { CONTROL_CHARS } from '../rules/control-chars';
import { isValidIsraeliId } from '../rules/israeli-id';

/** The largest id of a PostgreSQL `integer`/`serial` column: a larger one is refused before it reaches the database. */
export const INT4_MAX = 2_147_483_647;

/** Several property decorators as one, applied as if written above the property in this order. */
export function Apply(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.reduceRight<void>((_, decorate) => decorate(target, key), undefined);
}

/**
 * A nested object as an instance of `Cls` (its own transforms applied), validated as one; anything not an object is
 * refused.
 */
export function Nested(Cls: new () => object): PropertyDecorator {
  return Apply(ValidateNested(), Transform(({ value }: { value: unknown }) => asInstance(Cls, value)));
}

/** A list of nested objects, each as `Nested`; anything not a list is refused. */
export function NestedEach(Cls: new () => object): PropertyDecorator {
  return Apply(
    IsArray(),
    ValidateNested({ each: true }),
    Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v: unknown) => asInstance(Cls, v)) : value)),
  );
}

const asInstance = (Cls: new () => object, value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? plainToInstance(Cls, value) : value;

/** A whole number within [min, max] (one message, however it fails). */
export function IntInRange(min: number, max: number, message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'intInRange', constraints: [min, max], validator: { validate: (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max } },
    { message },
  );
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Required: a string with something other than whitespace. */
export function Filled(message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'filled', validator: { validate: (value: unknown) => typeof value === 'string' && !isBlank(value) } },
    { message },
  );
}

/** Free text without control characters (tab and line breaks are fine): PostgreSQL refuses NUL in text. */
export function NoControlChars(message: string): PropertyDecorator {
  return ValidateBy(
    { name: 'noControlChars', validator: { validate: (value: unknown) => typeof value !== 'string' || !CONTROL_CHARS.test(value) } },
    { message },
  );
}

/** Format checks leave blank values to `Filled`, so an empty field shows only its required message. */
export function MatchesIfFilled(pattern: RegExp, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'matchesIfFilled',
      constraints: [pattern],
      validator: { validate: (value: unknown) => isBlank(value) || (typeof value === 'string' && pattern.test(value)) },
    },
    { message },
  );
}

export function IsIsraeliId(message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIsraeliId',
      validator: { validate: (value: unknown) => isBlank(value) || (typeof value === 'string' && isValidIsraeliId(value)) },
    },
    { message },
  );
}

/** The value must equal the sibling `property`, e.g. a password confirmation. */
export function Match(property: string, message: string): PropertyDecorator {
  return ValidateBy(
    {
      name: 'match',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          isBlank(value) || value === (args?.object as Record<string, unknown>)[property],
      },
    },
    { message },
  );
}

export function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** Empty inputs become undefined, anything else a number (NaN when not numeric). */
export function ToOptionalNumber(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (isBlank(value) ? undefined : Number(value)));
}

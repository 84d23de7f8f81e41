import { IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { SLUG_PATTERN } from '../catalog/product';
import { Messages } from '../messages';
import { CONTROL_CHARS } from '../rules/control-chars';
import { MAX_FILTER_PRICE, type GeoPoint, type PharmListQuery, type PriceRange } from './query';

/** The rules the storefront's request DTOs share (catalog's in `requests.ts`, pharm's in `pharm/requests.ts`). */
export const invalid = { message: Messages.badRequest };
export const invalidUrl = { message: Messages.invalidUrl };

/** Validated only when present: `undefined` is "not given" (JSON drops it); `null` is not a value of these fields. */
export const Optional = () => ValidateIf((_: object, value: unknown) => value !== undefined);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOnlyKeys = (value: Record<string, unknown>, keys: readonly string[]) => Object.keys(value).every((k) => keys.includes(k));
const isNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** `{ lat, lng }` in degrees, nothing else. */
export const isGeoPoint = (value: unknown): value is GeoPoint =>
  isRecord(value) && hasOnlyKeys(value, ['lat', 'lng']) && isNumberIn(value.lat, -90, 90) && isNumberIn(value.lng, -180, 180);

/** `{ min, max }` in shekels within [0, MAX_FILTER_PRICE], `min` ≤ `max`, nothing else. */
export const isPriceRange = (value: unknown): value is PriceRange =>
  isRecord(value) && hasOnlyKeys(value, ['min', 'max'])
  && isNumberIn(value.min, 0, MAX_FILTER_PRICE) && isNumberIn(value.max, 0, MAX_FILTER_PRICE) && value.min <= value.max;

export const isArea = (value: unknown): value is NonNullable<PharmListQuery['area']> =>
  isRecord(value) && hasOnlyKeys(value, ['type', 'name']) && (value.type === 'district' || value.type === 'city')
  && typeof value.name === 'string' && value.name.length > 0 && value.name.length <= 200 && !CONTROL_CHARS.test(value.name);

export function Satisfies(name: string, check: (value: unknown) => boolean, message = Messages.badRequest): PropertyDecorator {
  return ValidateBy({ name, validator: { validate: check } }, { message });
}

/** What `parseList` gives: at most 50 distinct non-empty strings of at most 100 characters, each allowed (or matching). */
export function ListOf(rule?: readonly string[] | RegExp): PropertyDecorator {
  const fits = (v: unknown) => typeof v === 'string' && v.length > 0 && v.length <= 100 && !CONTROL_CHARS.test(v)
    && (rule === undefined || (rule instanceof RegExp ? rule.test(v) : rule.includes(v)));
  return Satisfies('listOf', (value) => Array.isArray(value) && value.length <= 50 && new Set(value).size === value.length && value.every(fits));
}

/** A slug as the URL carries it: a string (the service answers 404 for one it does not know). */
export const SlugToFind = () => IsString(invalidUrl);

/** A slug that must be one (the spec's 'כתובת לא תקינה' otherwise). */
export function Slug(): PropertyDecorator {
  return (target, key) => {
    IsString(invalidUrl)(target, key);
    MaxLength(200, invalidUrl)(target, key);
    Matches(SLUG_PATTERN, invalidUrl)(target, key);
  };
}

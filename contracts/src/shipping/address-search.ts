import { IsString, Length } from 'class-validator';
import { Trim } from '../forms/decorators';
import { Messages } from '../messages';
import { normalizeSearchText } from '../storefront/search-text';

/** Spec 9: the address search asks once the typing has paused this long. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
/** How many suggestions one search answers at most. */
export const ADDRESS_SEARCH_LIMIT = 5;
export const ADDRESS_SEARCH_MIN_LENGTH = 2;
export const ADDRESS_SEARCH_MAX_LENGTH = 100;

/**
 * `shipping-quote.address.search` and `GET /api/addresses/search?text=…`: the text typed in the address
 * field, trimmed, 2–100 characters.
 */
export class AddressSearchDto {
  @Trim()
  @IsString({ message: Messages.addressSearchLength })
  @Length(ADDRESS_SEARCH_MIN_LENGTH, ADDRESS_SEARCH_MAX_LENGTH, { message: Messages.addressSearchLength })
  text: string;
}

/** One suggested address. */
export interface AddressSuggestion {
  /** The address field's value (spec 3, searchAddresses → results[].address): street and house number, a comma, the city. */
  address: string;
  /** The line shown for the suggestion (the same text as `address`). */
  text: string;
  street: string;
  /** The number typed (or Google's), when there was one: the house number field's value. */
  houseNumber?: string;
  city: string;
  /** The street's position where known, otherwise the city's centre; absent when the provider gives none. */
  lat?: number;
  lng?: number;
}

/** An empty list is an answer too: the web then says 'כתובת לא נמצאת ב-Google' (spec 8). */
export interface AddressSearchResponse {
  results: AddressSuggestion[];
}

/** The address field's value for a street, an optional house number and a city: 'הרצל 12, חיפה'. */
export function formatAddress(street: string, houseNumber: string | undefined, city: string): string {
  return `${street}${houseNumber ? ` ${houseNumber}` : ''}, ${city}`;
}

/** What an address search understood of the typed text. */
export interface ParsedAddressQuery {
  /** The typed text with single spaces. */
  text: string;
  /** A house number ('12', '12א'; '12/3' gives '12'). */
  houseNumber?: string;
  /** The street part as typed (without the number and words like 'רחוב'); may still hold the city when nothing told them apart. */
  street: string;
  /** The city part as typed, when a comma or the house number separated it from the street. */
  city?: string;
  /** The normalised words of `street` (see `normalizeSearchText`). */
  streetWords: string[];
  /** The normalised words of `city`. */
  cityWords: string[];
}

// A number standing alone (not inside a word), optionally with one Hebrew letter ('12א') and an apartment ('12/3').
const HOUSE_NUMBER = /(^|[\s,])(\d{1,4})([א-ת])?(?:\/\d{1,4})?(?=$|[\s,])/u;
/** Words that say "street" without naming one: never required to match. */
const FILLER_WORDS = new Set(['רחוב', 'רח', 'מספר', 'מס']);

const words = (value: string | undefined): string[] =>
  value ? normalizeSearchText(value).split(' ').filter((w) => w && !FILLER_WORDS.has(w)) : [];
const clean = (value: string): string => value.replace(/\s+/g, ' ').replace(/^[\s,]+|[\s,]+$/g, '');

/**
 * Splits typed text into street, house number and city: 'הרצל 12 תל אביב', 'הרצל 12, תל אביב' and
 * 'תל אביב, הרצל 12' all give street 'הרצל', number '12', city 'תל אביב'. With a comma the part that
 * holds the number is the street; without one the words before the number are the street and those
 * after it the city. With neither, everything is `street` and the search matches it against both.
 */
export function parseAddressQuery(input: string): ParsedAddressQuery {
  const text = input.replace(/\s+/g, ' ').trim();
  let houseNumber: string | undefined;
  let street = '';
  let city: string | undefined;
  if (text.includes(',')) {
    const parts = text.split(',').map(clean).filter(Boolean);
    let streetIndex = parts.findIndex((part) => HOUSE_NUMBER.test(part));
    if (streetIndex >= 0) {
      const match = HOUSE_NUMBER.exec(parts[streetIndex])!;
      houseNumber = `${match[2]}${match[3] ?? ''}`;
      street = clean(parts[streetIndex].replace(HOUSE_NUMBER, ' '));
    }
    if (!street) {
      // No number, or a part that was only the number: the first remaining part is the street.
      streetIndex = parts.findIndex((part, i) => i !== streetIndex && !/^\d/.test(part));
      street = streetIndex >= 0 ? parts[streetIndex] : '';
    }
    city = parts.find((part, i) => i !== streetIndex && !HOUSE_NUMBER.test(part));
  } else {
    const match = HOUSE_NUMBER.exec(text);
    if (match) {
      houseNumber = `${match[2]}${match[3] ?? ''}`;
      const before = clean(text.slice(0, match.index));
      const after = clean(text.slice(match.index + match[0].length));
      street = before || after;
      city = before ? after || undefined : undefined;
    } else {
      street = clean(text);
    }
  }
  const streetWords = words(street);
  return {
    text,
    houseNumber,
    street,
    city: city || undefined,
    // Only filler words typed ('רחוב'): keep them, or nothing would be searched.
    streetWords: streetWords.length ? streetWords : normalizeSearchText(street).split(' ').filter(Boolean),
    cityWords: words(city),
  };
}

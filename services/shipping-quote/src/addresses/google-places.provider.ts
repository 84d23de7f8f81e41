import {
  ADDRESS_PATTERN, formatAddress, parseAddressQuery, type AddressSuggestion, type ParsedAddressQuery,
} from '@mc/contracts';
import type { AddressSearchProvider } from './address-search.provider';

/** The logger's one method used here (the service's pino logger). */
export interface WarnLogger {
  warn(details: object, message: string): void;
}

export interface GooglePlacesSettings {
  apiKey: string;
  /** https://places.googleapis.com, or a local fake speaking the same protocol. */
  apiUrl: string;
  timeoutMs: number;
}

/** The parts of a Places API (New) `places:autocomplete` answer that are read. */
interface AutocompleteResponse {
  suggestions?: {
    placePrediction?: {
      placeId?: string;
      text?: { text?: string };
      structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
      types?: string[];
    };
  }[];
}

/** Address-like places only: a street address, a street, a building. */
const ADDRESS_TYPES = ['street_address', 'route', 'premise', 'subpremise'];

/**
 * One Google prediction as a suggestion: the main text holds the street and number ('הרצל 12'), the
 * secondary text the city and country ('תל אביב-יפו, ישראל'). A prediction without a street and a
 * Hebrew city that the address form accepts is left out. Google's number wins; a street without one
 * keeps the number typed.
 */
export function suggestionFromPrediction(
  prediction: NonNullable<NonNullable<AutocompleteResponse['suggestions']>[number]['placePrediction']>,
  typed: ParsedAddressQuery,
): AddressSuggestion | undefined {
  const main = prediction.structuredFormat?.mainText?.text?.trim();
  const city = prediction.structuredFormat?.secondaryText?.text?.split(',')[0]?.trim();
  if (!main || !city) return undefined;
  const parsed = parseAddressQuery(main);
  const street = parsed.street;
  const houseNumber = parsed.houseNumber ?? typed.houseNumber;
  const address = formatAddress(street, houseNumber, city);
  if (!street || !ADDRESS_PATTERN.test(address)) return undefined;
  return { address, text: address, street, ...(houseNumber ? { houseNumber } : {}), city };
}

/**
 * Address suggestions from Google's Places API (New) Autocomplete (`POST /v1/places:autocomplete`),
 * restricted to Israel, in Hebrew. Autocomplete gives no coordinates, so these suggestions carry none.
 * When Google fails, is slow or refuses (quota, key), the gazetteer answers instead: typing an address
 * never stops working because of an outside service.
 */
export class GooglePlacesAddressSearch implements AddressSearchProvider {
  readonly name = 'google-places';

  constructor(
    private readonly settings: GooglePlacesSettings,
    private readonly fallback: AddressSearchProvider,
    private readonly logger: WarnLogger,
  ) {}

  async search(query: ParsedAddressQuery, limit: number): Promise<AddressSuggestion[]> {
    try {
      return await this.autocomplete(query, limit);
    } catch (err) {
      this.logger.warn({ provider: this.name, reason: err instanceof Error ? `${err.name}: ${err.message}` : String(err) }, 'address search: Google Places failed; answering from the gazetteer');
      return this.fallback.search(query, limit);
    }
  }

  async autocomplete(query: ParsedAddressQuery, limit: number): Promise<AddressSuggestion[]> {
    const response = await fetch(`${this.settings.apiUrl}/v1/places:autocomplete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': this.settings.apiKey },
      body: JSON.stringify({
        input: query.text,
        languageCode: 'he',
        regionCode: 'il',
        includedRegionCodes: ['il'],
        includedPrimaryTypes: ADDRESS_TYPES,
      }),
      signal: AbortSignal.timeout(this.settings.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as AutocompleteResponse & { error?: { status?: string; message?: string } };
    if (!response.ok) throw new Error(`Google Places ${response.status} ${body.error?.status ?? ''}: ${body.error?.message ?? 'error'}`);
    const seen = new Set<string>();
    const results: AddressSuggestion[] = [];
    for (const { placePrediction } of body.suggestions ?? []) {
      const suggestion = placePrediction && suggestionFromPrediction(placePrediction, query);
      if (!suggestion || seen.has(suggestion.address)) continue;
      seen.add(suggestion.address);
      results.push(suggestion);
      if (results.length === limit) break;
    }
    return results;
  }
}

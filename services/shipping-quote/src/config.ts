import { ServiceEnv } from '@mc/kit';
import { IsInt, Matches, Max, Min } from 'class-validator';

export class ShippingQuoteEnv extends ServiceEnv {
  /** Google Places API (New) key; when set, the address search asks Google (the gazetteer answers when Google fails). Empty: the gazetteer alone. */
  GOOGLE_PLACES_API_KEY = '';

  /** https://places.googleapis.com, or a local fake speaking the same protocol. */
  @Matches(/^https?:\/\/[^/]+$/, { message: 'must be an http(s) origin without a trailing slash' })
  GOOGLE_PLACES_API_URL = 'https://places.googleapis.com';

  /** How long one call to Google may take before the gazetteer answers instead (well under the gateway's call timeout). */
  @IsInt() @Min(100) @Max(5000)
  GOOGLE_PLACES_TIMEOUT_MS = 800;
}

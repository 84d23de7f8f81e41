import { Controller, Inject, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADDRESS_SEARCH_LIMIT, AddressSearchDto, parseAddressQuery, Subjects, type AddressSearchResponse } from '@mc/contracts';
import { LOGGER, SERVICE_ENV } from '@mc/kit';
import type { ShippingQuoteEnv } from '../config';
import { ADDRESS_SEARCH_PROVIDER, type AddressSearchProvider } from './address-search.provider';
import { GazetteerAddressSearch } from './gazetteer.provider';
import { GooglePlacesAddressSearch, type WarnLogger } from './google-places.provider';

@Controller()
export class AddressSearchHandlers {
  constructor(@Inject(ADDRESS_SEARCH_PROVIDER) private readonly provider: AddressSearchProvider) {}

  /** Street-and-city suggestions for the typed text, the house number kept from it (`AddressSearchDto` → `AddressSearchResponse`). */
  @MessagePattern(Subjects.shippingQuote.addressSearch)
  async search(@Payload() request: AddressSearchDto): Promise<AddressSearchResponse> {
    return { results: await this.provider.search(parseAddressQuery(request.text), ADDRESS_SEARCH_LIMIT) };
  }
}

/** Google Places when GOOGLE_PLACES_API_KEY is set (the gazetteer answering when Google fails), otherwise the gazetteer. */
export function chooseAddressSearch(env: ShippingQuoteEnv, gazetteer: GazetteerAddressSearch, logger: WarnLogger): AddressSearchProvider {
  if (!env.GOOGLE_PLACES_API_KEY) return gazetteer;
  return new GooglePlacesAddressSearch(
    { apiKey: env.GOOGLE_PLACES_API_KEY, apiUrl: env.GOOGLE_PLACES_API_URL, timeoutMs: env.GOOGLE_PLACES_TIMEOUT_MS },
    gazetteer,
    logger,
  );
}

@Module({
  controllers: [AddressSearchHandlers],
  providers: [
    GazetteerAddressSearch,
    { provide: ADDRESS_SEARCH_PROVIDER, inject: [SERVICE_ENV, GazetteerAddressSearch, LOGGER], useFactory: chooseAddressSearch },
  ],
  exports: [ADDRESS_SEARCH_PROVIDER],
})
export class AddressesModule {}

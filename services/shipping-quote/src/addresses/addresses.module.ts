import { Module } from '@nestjs/common';
import { LOGGER, SERVICE_ENV } from '@mc/kit';
import type { ShippingQuoteEnv } from '../config';
import { AddressSearchHandlers } from './addresses.handlers';
import { ADDRESS_SEARCH_PROVIDER, type AddressSearchProvider } from './address-search.provider';
import { GazetteerAddressSearch } from './gazetteer.provider';
import { GooglePlacesAddressSearch, type WarnLogger } from './google-places.provider';

/** Google Places when GOOGLE_PLACES_API_KEY is set (the gazetteer answering when Google fails), otherwise the gazetteer. */
function chooseAddressSearch(env: ShippingQuoteEnv, gazetteer: GazetteerAddressSearch, logger: WarnLogger): AddressSearchProvider {
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

import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADDRESS_SEARCH_LIMIT, AddressSearchDto, parseAddressQuery, Subjects, type AddressSearchResponse } from '@mc/contracts';
import { ADDRESS_SEARCH_PROVIDER, type AddressSearchProvider } from './address-search.provider';

@Controller()
export class AddressSearchHandlers {
  constructor(@Inject(ADDRESS_SEARCH_PROVIDER) private readonly provider: AddressSearchProvider) {}

  /** Street-and-city suggestions for the typed text, the house number kept from it (`AddressSearchDto` → `AddressSearchResponse`). */
  @MessagePattern(Subjects.shippingQuote.addressSearch)
  async search(@Payload() request: AddressSearchDto): Promise<AddressSearchResponse> {
    return { results: await this.provider.search(parseAddressQuery(request.text), ADDRESS_SEARCH_LIMIT) };
  }
}

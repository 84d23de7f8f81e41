import type { AddressSuggestion, ParsedAddressQuery } from '@mc/contracts';

/** Where address suggestions come from: the embedded gazetteer, or Google Places when configured. */
export interface AddressSearchProvider {
  readonly name: string;
  /** At most `limit` suggestions for the parsed text, best first; none is an answer too. */
  search(query: ParsedAddressQuery, limit: number): Promise<AddressSuggestion[]>;
}

/** The provider the configuration chose (see AddressesModule). */
export const ADDRESS_SEARCH_PROVIDER = Symbol('AddressSearchProvider');

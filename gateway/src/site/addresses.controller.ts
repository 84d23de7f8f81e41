import { Controller, Get, HttpException, Inject, Query, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiQuery, ApiTags, ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AddressSearchDto, ErrorCodes, Messages, Subjects, type AddressSearchResponse } from '@mc/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ServiceClients } from '../clients/clients.module';
import { RateLimit, type RateLimitRule } from '../http/rate-limit';

/**
 * A person typing, one search per 500 ms pause, stays far below these; scripts walking the gazetteer
 * (or spending the Google quota) do not. Not spec rules; over them the answer is 429 in Hebrew.
 */
const ADDRESS_SEARCH_LIMITS = {
  perUser: { name: 'address-search', per: 'user', count: 60, windowSeconds: 60 },
  perAddress: { name: 'address-search-ip', per: 'client', count: 300, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

/** The text of a search, trimmed and 2–100 characters (400 with the Hebrew message otherwise). */
export function addressSearchText(text: unknown): string {
  const dto = plainToInstance(AddressSearchDto, { text });
  const [error] = validateSync(dto);
  if (error) {
    throw new HttpException({ statusCode: 400, code: ErrorCodes.validation, message: Object.values(error.constraints ?? {})[0] ?? Messages.addressSearchLength }, 400);
  }
  return dto.text;
}

/** Spec 3 searchAddresses: street-and-city suggestions for the address form, for signed-in users (like the address book). */
@ApiTags('user')
@Controller('addresses')
export class AddressesController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('search')
  @UseGuards(AuthGuard('jwt'))
  @ApiBearerAuth()
  @ApiQuery({ name: 'text', description: "what was typed in the address field, 2–100 characters, e.g. 'הרצל 12 תל אביב'" })
  @ApiOkResponse({ description: "{ results: [{ address, text, street, houseNumber?, city, lat?, lng? }] }, at most 5, best first; an empty list when nothing matches" })
  @ApiBadRequestResponse({ description: "'יש להזין בין 2 ל-100 תווים לחיפוש כתובת'" })
  @ApiUnauthorizedResponse({ description: 'no valid token' })
  @ApiTooManyRequestsResponse({ description: 'more than 60 searches a minute by one user, or 300 from one address' })
  @RateLimit(ADDRESS_SEARCH_LIMITS.perUser)
  @RateLimit(ADDRESS_SEARCH_LIMITS.perAddress)
  search(@Query('text') text: unknown): Promise<AddressSearchResponse> {
    return this.clients.get('shipping-quote').send(Subjects.shippingQuote.addressSearch, { text: addressSearchText(text) });
  }
}

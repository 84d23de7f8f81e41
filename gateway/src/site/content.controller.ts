import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  parseNumber, SEARCH_LIMIT, Subjects,
  type FaqItem, type LayoutResponse, type SearchResponse, type SocialGroup,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { JsonBody } from '../clients/service-client';

/** Site-wide reads answered by the catalogue: layout, search suggestions, FAQ, messaging groups. */
@ApiTags('site')
@Controller()
export class ContentController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('layout')
  @ApiOkResponse({ description: 'latestProducts and footerLinks' })
  layout(): Promise<JsonBody<LayoutResponse>> {
    return this.clients.get('catalog').readAsJson(Subjects.catalog.layoutGet, {});
  }

  @Get('search')
  @ApiOkResponse({ description: 'suggestions: products and pharmacies together (limit at most 5); an empty term gives none' })
  async search(@Query() query: Record<string, unknown>): Promise<JsonBody<SearchResponse>> {
    const term = typeof query.term === 'string' ? query.term.trim().slice(0, 100) : '';
    if (!term) return new JsonBody(JSON.stringify({ total: 0, results: [] }));
    const limit = Math.trunc(parseNumber(query.limit, 1, SEARCH_LIMIT) ?? SEARCH_LIMIT);
    return this.clients.get('catalog').readAsJson(Subjects.catalog.search, { term, limit });
  }

  @Get('faq')
  @ApiOkResponse({ description: 'the FAQ items (regulatory, commercial, educational) with their medical disclaimer flag' })
  faq(): Promise<JsonBody<{ faq: FaqItem[] }>> {
    return this.clients.get('catalog').readAsJson(Subjects.catalog.faqList, {});
  }

  @Get('social-groups')
  @ApiOkResponse({ description: 'messaging (WhatsApp) groups by region' })
  socialGroups(): Promise<JsonBody<{ groups: SocialGroup[] }>> {
    return this.clients.get('catalog').readAsJson(Subjects.catalog.socialGroupList, {});
  }
}

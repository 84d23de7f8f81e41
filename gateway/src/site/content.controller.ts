import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  parseNumber, SEARCH_LIMIT, Subjects,
  type FaqItem, type LayoutResponse, type SearchResponse, type SocialGroup,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';

/** Site-wide reads answered by the catalogue: layout, search suggestions, FAQ, messaging groups. */
@ApiTags('site')
@Controller()
export class ContentController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  @Get('layout')
  @ApiOkResponse({ description: 'latestProducts and footerLinks' })
  layout(): Promise<LayoutResponse> {
    return this.clients.get('catalog').read(Subjects.catalog.layoutGet, {});
  }

  @Get('search')
  @ApiOkResponse({ description: 'suggestions: products and pharmacies together (limit at most 5); an empty term gives none' })
  async search(@Query() query: Record<string, unknown>): Promise<SearchResponse> {
    const term = typeof query.term === 'string' ? query.term.trim().slice(0, 100) : '';
    if (!term) return { total: 0, results: [] };
    const limit = Math.trunc(parseNumber(query.limit, 1, SEARCH_LIMIT) ?? SEARCH_LIMIT);
    return this.clients.get('catalog').read(Subjects.catalog.search, { term, limit });
  }

  @Get('faq')
  @ApiOkResponse({ description: 'the FAQ items (regulatory, commercial, educational) with their medical disclaimer flag' })
  faq(): Promise<{ faq: FaqItem[] }> {
    return this.clients.get('catalog').read(Subjects.catalog.faqList, {});
  }

  @Get('social-groups')
  @ApiOkResponse({ description: 'messaging (WhatsApp) groups by region' })
  socialGroups(): Promise<{ groups: SocialGroup[] }> {
    return this.clients.get('catalog').read(Subjects.catalog.socialGroupList, {});
  }
}

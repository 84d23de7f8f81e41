import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  parsePage, parsePharmListQuery, Subjects, type TagResponse,
} from '@mc/contracts';
import { ServiceClients } from '../clients/clients.module';
import { JsonBody } from '../clients/service-client';

@ApiTags('catalog')
@Controller('tags')
export class TagsController {
  constructor(@Inject(ServiceClients) private readonly clients: ServiceClients) {}

  /** The tag's products (catalog) and the pharmacies carrying it (pharm), the same page of each. */
  @Get(':slug')
  @ApiOkResponse({ description: 'tag, products, pharms, total, perPage, currentPage (total and perPage count products; pharmsTotal counts pharmacies)' })
  @ApiNotFoundResponse({ description: 'unknown tag' })
  get(@Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<JsonBody<TagResponse>> {
    const page = parsePage(query.page);
    return this.clients.pages.json(`tag ${slug} ${page}`, async () => {
      const [tagPage, pharms] = await Promise.all([
        this.clients.get('catalog').send(Subjects.catalog.tagGet, { slug, page }),
        this.clients.get('pharm').send(Subjects.pharm.pharmList, { ...parsePharmListQuery({ page: String(page) }), tag: slug }),
      ]);
      return { ...tagPage, pharms: pharms.pharms, pharmsTotal: pharms.total };
    });
  }
}

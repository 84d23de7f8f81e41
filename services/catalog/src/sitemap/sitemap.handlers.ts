import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects, type CatalogSitemap } from '@mc/contracts';
import { SitemapReader } from './sitemap.reader';

/** Every product and tag page, for the gateway's sitemap.xml. */
@Controller()
export class SitemapHandlers {
  constructor(@Inject(SitemapReader) private readonly sitemap: SitemapReader) {}

  @MessagePattern(Subjects.catalog.sitemapGet)
  get(): Promise<CatalogSitemap> {
    return this.sitemap.get();
  }
}

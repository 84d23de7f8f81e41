import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects, type PharmSitemap } from '@mc/contracts';
import { SitemapReader } from './sitemap.reader';

/** Every pharmacy page, for the gateway's sitemap.xml. */
@Controller()
export class SitemapHandlers {
  constructor(@Inject(SitemapReader) private readonly sitemap: SitemapReader) {}

  @MessagePattern(Subjects.pharm.sitemapGet)
  get(): Promise<PharmSitemap> {
    return this.sitemap.get();
  }
}

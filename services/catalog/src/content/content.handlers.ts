import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects, type FaqItem, type LayoutResponse, type SocialGroup } from '@mc/contracts';
import { ReadCache } from '../products/read-cache';
import { ProductsReader } from '../products/products.reader';
import { ContentService } from './content.service';

@Controller()
export class ContentHandlers {
  constructor(
    @Inject(ContentService) private readonly content: ContentService,
    @Inject(ProductsReader) private readonly products: ProductsReader,
    @Inject(ReadCache) private readonly cache: ReadCache,
  ) {}

  @MessagePattern(Subjects.catalog.layoutGet)
  layout(): Promise<LayoutResponse> {
    return this.cache.get('layout', async () => {
      const [latestProducts, footerLinks] = await Promise.all([this.products.latest(), this.content.footerLinks()]);
      return { latestProducts, footerLinks };
    });
  }

  @MessagePattern(Subjects.catalog.faqList)
  faq(): Promise<{ faq: FaqItem[] }> {
    return this.cache.get('faq', async () => ({ faq: await this.content.faq() }));
  }

  @MessagePattern(Subjects.catalog.socialGroupList)
  socialGroups(): Promise<{ groups: SocialGroup[] }> {
    return this.cache.get('social-groups', async () => ({ groups: await this.content.socialGroups() }));
  }
}

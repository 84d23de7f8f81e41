import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GetProductRequest, ProductListRequest, ProductRelatedRequest, Subjects,
  type Product, type ProductDetailResponse, type ProductListResponse,
} from '@mc/contracts';
import { ReadCache } from './read-cache';
import { ProductsReader } from './products.reader';

@Controller()
export class ProductsHandlers {
  constructor(@Inject(ProductsReader) private readonly products: ProductsReader, @Inject(ReadCache) private readonly cache: ReadCache) {}

  @MessagePattern(Subjects.catalog.productGet)
  get(@Payload() request: GetProductRequest): Promise<ProductDetailResponse> {
    return this.cache.get(`product:${request.slug}`, () => this.products.get(request.slug));
  }

  @MessagePattern(Subjects.catalog.productList)
  list(@Payload() query: ProductListRequest): Promise<ProductListResponse> {
    return this.products.list(query);
  }

  @MessagePattern(Subjects.catalog.productRelated)
  async related(@Payload() { slug, size }: ProductRelatedRequest): Promise<{ related: Product[] }> {
    return { related: await this.products.related(slug, size) };
  }
}

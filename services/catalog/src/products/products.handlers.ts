import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GetProductRequest, Subjects, type ProductDetailResponse } from '@mc/contracts';
import { ProductsService } from './products.service';

@Controller()
export class ProductsHandlers {
  constructor(@Inject(ProductsService) private readonly products: ProductsService) {}

  @MessagePattern(Subjects.catalog.productGet)
  get(@Payload() request: GetProductRequest): Promise<ProductDetailResponse> {
    return this.products.get(request.slug);
  }
}

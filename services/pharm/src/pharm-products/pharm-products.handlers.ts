import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ComparisonRequest, DiscountListRequest, PharmProductGetRequest, PharmProductListRequest, PharmProductUpdateRequest, Subjects,
  type ComparisonResponse, type PharmProduct, type PharmProductDetailResponse, type PharmProductListResponse,
} from '@mc/contracts';
import { RequireBusiness } from '@mc/kit';
import { PharmProductsReader } from './pharm-products.reader';
import { PharmProductsWriter } from './pharm-products.writer';

@Controller()
export class PharmProductsHandlers {
  constructor(
    @Inject(PharmProductsReader) private readonly reader: PharmProductsReader,
    @Inject(PharmProductsWriter) private readonly writer: PharmProductsWriter,
  ) {}

  @MessagePattern(Subjects.pharm.pharmProductList)
  list(@Payload() request: PharmProductListRequest): Promise<PharmProductListResponse> {
    return this.reader.list(request);
  }

  @MessagePattern(Subjects.pharm.pharmProductGet)
  get(@Payload() request: PharmProductGetRequest): Promise<Omit<PharmProductDetailResponse, 'shipments'>> {
    return this.reader.get(request);
  }

  @MessagePattern(Subjects.pharm.pharmProductRelated)
  related(@Payload() request: PharmProductGetRequest): Promise<{ related: PharmProduct[] }> {
    return this.reader.related(request);
  }

  @MessagePattern(Subjects.pharm.comparisonList)
  comparison(@Payload() query: ComparisonRequest): Promise<ComparisonResponse> {
    return this.reader.comparison(query);
  }

  @MessagePattern(Subjects.pharm.discountList)
  discounts(@Payload() query: DiscountListRequest): Promise<PharmProductListResponse> {
    return this.reader.discounts(query);
  }

  /** The back office's command: members of the pharmacy's business (`businessId`) and admins only. */
  @MessagePattern(Subjects.pharm.pharmProductUpdate)
  @RequireBusiness()
  update(@Payload() request: PharmProductUpdateRequest): Promise<PharmProduct> {
    return this.writer.update(request);
  }
}

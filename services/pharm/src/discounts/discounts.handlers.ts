import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BusinessPageRequest, CouponGetRequest, DiscountCodeRequest, DiscountCreateCommand, DiscountUpdateCommand, Subjects,
  type BusinessDiscount, type BusinessDiscountsPage, type CouponRecord, type DiscountProductOptionsPage,
} from '@mc/contracts';
import { RequireBusiness } from '@mc/kit';
import { DiscountsReader } from './discounts.reader';
import { DiscountsWriter } from './discounts.writer';

@Controller()
export class DiscountsHandlers {
  constructor(
    @Inject(DiscountsReader) private readonly reader: DiscountsReader,
    @Inject(DiscountsWriter) private readonly writer: DiscountsWriter,
  ) {}

  /** Order's question while it judges a coupon (`CouponRecord`, or 404 'קוד קופון לא נמצא'). */
  @MessagePattern(Subjects.pharm.couponGet)
  coupon(@Payload() request: CouponGetRequest): Promise<CouponRecord> {
    return this.reader.coupon(request.code);
  }

  // The back office: members of the pharmacy's business and admins (the guard); the pharmacy itself is checked by the reader.

  @MessagePattern(Subjects.pharm.businessDiscounts)
  @RequireBusiness()
  list(@Payload() request: BusinessPageRequest): Promise<BusinessDiscountsPage> {
    return this.reader.page(request.businessId, request.page);
  }

  @MessagePattern(Subjects.pharm.businessDiscountGet)
  @RequireBusiness()
  async get(@Payload() request: DiscountCodeRequest): Promise<{ discount: BusinessDiscount }> {
    return { discount: await this.reader.get(request.businessId, request.code) };
  }

  @MessagePattern(Subjects.pharm.businessDiscountCreate)
  @RequireBusiness()
  async create(@Payload() command: DiscountCreateCommand): Promise<{ discount: BusinessDiscount }> {
    return { discount: await this.writer.create(command) };
  }

  @MessagePattern(Subjects.pharm.businessDiscountUpdate)
  @RequireBusiness()
  async update(@Payload() command: DiscountUpdateCommand): Promise<{ discount: BusinessDiscount }> {
    return { discount: await this.writer.update(command) };
  }

  @MessagePattern(Subjects.pharm.businessDiscountRemove)
  @RequireBusiness()
  remove(@Payload() request: DiscountCodeRequest): Promise<{ ok: true }> {
    return this.writer.remove(request);
  }

  @MessagePattern(Subjects.pharm.businessDiscountProductOptions)
  @RequireBusiness()
  productOptions(@Payload() request: BusinessPageRequest): Promise<DiscountProductOptionsPage> {
    return this.reader.productOptions(request.businessId, request.page, request.search);
  }
}

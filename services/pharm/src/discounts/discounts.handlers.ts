import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CouponGetRequest, Subjects, type CouponRecord } from '@mc/contracts';
import { DiscountsReader } from './discounts.reader';

@Controller()
export class DiscountsHandlers {
  constructor(@Inject(DiscountsReader) private readonly reader: DiscountsReader) {}

  /** Order's question while it judges a coupon (`CouponRecord`, or 404 'קוד קופון לא נמצא'). */
  @MessagePattern(Subjects.pharm.couponGet)
  coupon(@Payload() request: CouponGetRequest): Promise<CouponRecord> {
    return this.reader.coupon(request.code);
  }
}

import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PhoneSignInDto, SmsVerifyDto, Subjects } from '@mc/contracts';
import { SmsCodes } from './sms-codes.service';

/** Sign-in by a code texted to the phone of an active account. */
@Controller()
export class SmsHandlers {
  constructor(@Inject(SmsCodes) private readonly codes: SmsCodes) {}

  @MessagePattern(Subjects.identity.smsRequest)
  request(@Payload() dto: PhoneSignInDto) {
    return this.codes.request(dto.phone);
  }

  @MessagePattern(Subjects.identity.smsVerify)
  verify(@Payload() dto: SmsVerifyDto) {
    return this.codes.verify(dto.phone, dto.code);
  }
}

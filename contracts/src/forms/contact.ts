import { Messages } from '../messages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../rules/patterns';
import { Filled, MatchesIfFilled } from './decorators';

export class ContactDto {
  @Filled(Messages.requiredFullName)
  name: string;

  @Filled(Messages.requiredEmail)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  @Filled(Messages.requiredPhone)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone: string;

  @Filled(Messages.requiredMessage)
  message: string;
}

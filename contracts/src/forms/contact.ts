import { Messages } from '../messages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../rules/patterns';
import { Filled, MatchesIfFilled, NoControlChars } from './decorators';

/** Lengths no real message needs more than (a guard, not a rule of the spec). */
export const CONTACT_MAX = { name: 120, message: 3000 } as const;

export class ContactDto {
  @Filled(Messages.requiredFullName)
  @MatchesIfFilled(new RegExp(`^[\\s\\S]{0,${CONTACT_MAX.name}}$`), Messages.badRequest)
  @NoControlChars(Messages.inputControlChars)
  name: string;

  @Filled(Messages.requiredEmail)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  @Filled(Messages.requiredPhone)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone: string;

  @Filled(Messages.requiredMessage)
  @MatchesIfFilled(new RegExp(`^[\\s\\S]{0,${CONTACT_MAX.message}}$`), Messages.contactTooLong)
  @NoControlChars(Messages.inputControlChars)
  message: string;
}

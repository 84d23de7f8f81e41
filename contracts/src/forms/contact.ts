import { Messages } from '../messages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../rules/patterns';
import { MaxLength } from 'class-validator';
import { Filled, MatchesIfFilled } from './decorators';

/** Lengths no real message needs more than (a guard, not a rule of the spec). */
export const CONTACT_MAX = { name: 120, message: 3000 } as const;

export class ContactDto {
  @Filled(Messages.requiredFullName)
  @MaxLength(CONTACT_MAX.name, { message: Messages.badRequest })
  name: string;

  @Filled(Messages.requiredEmail)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  @Filled(Messages.requiredPhone)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone: string;

  @Filled(Messages.requiredMessage)
  @MaxLength(CONTACT_MAX.message, { message: Messages.contactTooLong })
  message: string;
}

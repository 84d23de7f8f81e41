import { Equals, IsOptional, MaxLength } from 'class-validator';
import { Messages } from '../messages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../rules/patterns';
import { Filled, IsIsraeliId, MatchesIfFilled, NoControlChars, Trim } from './decorators';

export const NOTES_MAX_LENGTH = 300;

/** The personal-details step of checkout. */
export class CheckoutDetailsDto {
  @Trim()
  @Filled(Messages.requiredFirstName)
  firstName: string;

  @Trim()
  @Filled(Messages.requiredLastName)
  lastName: string;

  @Filled(Messages.requiredPhone)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone: string;

  @Filled(Messages.requiredEmail)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  @Filled(Messages.requiredIdNumber)
  @IsIsraeliId(Messages.invalidIdNumber)
  idNumber: string;

  @Equals(true, { message: Messages.agreeSiteTerms })
  agreeTOU: boolean;

  @Equals(true, { message: Messages.agreeDisclaimer })
  agreeDisclaimer: boolean;

  @IsOptional()
  @MaxLength(NOTES_MAX_LENGTH, { message: Messages.notesTooLong })
  @NoControlChars(Messages.inputControlChars)
  notes?: string;
}

import { Transform } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Messages } from '../messages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../rules/patterns';
import { Filled, IsIsraeliId, MatchesIfFilled, NoControlChars, Trim } from './decorators';

export const NOTES_MAX_LENGTH = 300;

/** Issue 26: one pharmacy's notes at checkout, carried to that pharmacy's order alone (a batch has one per pharmacy). */
export class PharmNotesDto {
  @IsString({ message: Messages.badRequest })
  @MaxLength(200, { message: Messages.badRequest })
  pharmSlug: string;

  @IsOptional()
  @IsString({ message: Messages.badRequest })
  @MaxLength(NOTES_MAX_LENGTH, { message: Messages.notesTooLong })
  @NoControlChars(Messages.inputControlChars)
  notes?: string;
}

/** `pharmNotes`: each pharmacy's notes (at most one entry a pharmacy of the cart; others are ignored). */
export function PharmNotesList(): PropertyDecorator {
  const decorators = [
    IsOptional(),
    IsArray({ message: Messages.badRequest }),
    ArrayMaxSize(100, { message: Messages.badRequest }),
    ValidateNested({ each: true }),
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value) ? value.map((v: unknown) => (v && typeof v === 'object' ? Object.assign(new PharmNotesDto(), v) : v)) : value),
  ];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

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

  /** Each pharmacy's own notes (the form has one field per pharmacy of the cart). */
  @PharmNotesList()
  pharmNotes?: PharmNotesDto[];
}

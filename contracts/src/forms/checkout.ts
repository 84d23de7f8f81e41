import { Transform } from 'class-transformer';
import { ArrayMaxSize, Equals, IsArray, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Messages } from '../messages';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../rules/patterns';
import { Apply, Filled, IsIsraeliId, MatchesIfFilled, NoControlChars, Trim } from './decorators';

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

/**
 * The checkout form's fields, validated alike in the browser's personal-details step (`CheckoutDetailsDto`) and by
 * order when it takes the order (`CreateOrderDto`, which adds its storage limits).
 */
export const CheckoutField = {
  firstName: () => Apply(Trim(), Filled(Messages.requiredFirstName)),
  lastName: () => Apply(Trim(), Filled(Messages.requiredLastName)),
  phone: () => Apply(Filled(Messages.requiredPhone), MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)),
  email: () => Apply(Filled(Messages.requiredEmail), MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)),
  agreeTOU: () => Equals(true, { message: Messages.agreeSiteTerms }),
  agreeDisclaimer: () => Equals(true, { message: Messages.agreeDisclaimer }),
};

/** The personal-details step of checkout. */
export class CheckoutDetailsDto {
  @CheckoutField.firstName()
  firstName: string;

  @CheckoutField.lastName()
  lastName: string;

  @CheckoutField.phone()
  phone: string;

  @CheckoutField.email()
  email: string;

  @Filled(Messages.requiredIdNumber)
  @IsIsraeliId(Messages.invalidIdNumber)
  idNumber: string;

  @CheckoutField.agreeTOU()
  agreeTOU: boolean;

  @CheckoutField.agreeDisclaimer()
  agreeDisclaimer: boolean;

  /** Each pharmacy's own notes (the form has one field per pharmacy of the cart). */
  @PharmNotesList()
  pharmNotes?: PharmNotesDto[];
}

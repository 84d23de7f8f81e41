import { Equals, IsBoolean, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { Messages } from '../messages';
import { EMAIL_PATTERN, NAME_PATTERN, PHONE_PATTERN, SMS_CODE_PATTERN } from '../rules/patterns';
import { Filled, Match, MatchesIfFilled } from './decorators';

/** A new password: at least 8 characters (ours: the spec only requires one; a patient's account deserves more). */
const PASSWORD_PATTERN = /^[\s\S]{8,}$/;

/**
 * The confirmation of a new password (spec 5's password change; the reset form too): required, and equal to the
 * sibling `newPassword`. The one rule both forms and the reset request use.
 */
function ConfirmsNewPassword(): PropertyDecorator {
  return (target, property) => {
    Filled(Messages.required)(target, property);
    Match('newPassword', Messages.passwordsMismatch)(target, property);
  };
}

/** A first or last name (sign-up and settings): required, and of letters. */
function PersonName(): PropertyDecorator {
  return (target, property) => {
    // In the order the two decorators written one above the other would apply: the lower one first.
    MatchesIfFilled(NAME_PATTERN, Messages.invalidName)(target, property);
    Filled(Messages.required)(target, property);
  };
}

export class SignInDto {
  @Filled(Messages.required)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  @Filled(Messages.required)
  password: string;
}

export class SignUpDto {
  @PersonName()
  firstName: string;

  @PersonName()
  lastName: string;

  @Filled(Messages.required)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  @Filled(Messages.required)
  @MatchesIfFilled(PASSWORD_PATTERN, Messages.passwordTooShort)
  password: string;

  /**
   * Marketing e-mails and texts: only on the patient's active consent (Communications Law §30A, the 'spam law'), so
   * none given means none (spec 5 has the box checked by default; the law overrides it).
   */
  @ValidateIf((o: SignUpDto) => o.subscribe !== undefined)
  @IsBoolean({ message: Messages.invalidName })
  subscribe: boolean = false;

  @Equals(true, { message: Messages.agreeTerms })
  agreeTOU: boolean;
}

export class ForgotPasswordDto {
  @Filled(Messages.required)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;
}

/**
 * The reset form: both fields required, and the confirmation must equal the new password (the password change's
 * rule: spec 5 applies none here, which let two different entries save the first).
 */
export class ResetPasswordDto {
  @Filled(Messages.required)
  newPassword: string;

  @ConfirmsNewPassword()
  confirmPassword: string;
}

/** Body of the resetPassword call: the token from the link plus the new password and its confirmation. */
export class ResetPasswordRequest {
  @Filled(Messages.required)
  token: string;

  @Filled(Messages.required)
  @MatchesIfFilled(PASSWORD_PATTERN, Messages.passwordTooShort)
  newPassword: string;

  @ConfirmsNewPassword()
  confirmPassword: string;
}

export class PhoneSignInDto {
  @Filled(Messages.required)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone: string;
}

export class SmsVerifyDto extends PhoneSignInDto {
  @Filled(Messages.required)
  @MatchesIfFilled(SMS_CODE_PATTERN, Messages.invalidSmsCode)
  code: string;
}

/**
 * `identity.auth.google-sign-in`: the Google account the gateway read from Google's userinfo endpoint after
 * exchanging the authorization code (never anything the browser sent directly).
 */
export class GoogleSignInCommand {
  /** Google's stable account id (`sub`); the e-mail of an account may change, this never does. */
  @Filled(Messages.badRequest)
  @MaxLength(255, { message: Messages.badRequest })
  sub: string;

  @Filled(Messages.required)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email: string;

  /** Google's `email_verified`: only a verified e-mail may create or link an account. */
  @IsBoolean({ message: Messages.badRequest })
  emailVerified: boolean;

  @IsOptional()
  @IsString({ message: Messages.badRequest })
  @MaxLength(100, { message: Messages.badRequest })
  firstName?: string;

  @IsOptional()
  @IsString({ message: Messages.badRequest })
  @MaxLength(100, { message: Messages.badRequest })
  lastName?: string;
}

/** Body of the changeUserPassword call. */
export class ChangePasswordRequest {
  @Filled(Messages.required)
  currentPassword: string;

  @Filled(Messages.required)
  @MatchesIfFilled(PASSWORD_PATTERN, Messages.passwordTooShort)
  newPassword: string;
}

/** The change-password form: the request plus a confirmation equal to the new password. */
export class ChangePasswordDto extends ChangePasswordRequest {
  @ConfirmsNewPassword()
  confirmPassword: string;
}

/** Body of activateUser: the token from the activation link. */
export class ActivateRequest {
  @Filled(Messages.required)
  activationToken: string;
}

/** The settings form (spec 5): names required and of letters; the e-mail is shown disabled; the phone optional. */
export class UserSettingsDto {
  @PersonName()
  firstName: string;

  @PersonName()
  lastName: string;

  @ValidateIf((o: UserSettingsDto) => o.phone !== undefined && o.phone !== null && o.phone !== '')
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone?: string | null;

  @ValidateIf((o: UserSettingsDto) => o.subscribed !== undefined)
  @IsBoolean({ message: Messages.badRequest })
  subscribed?: boolean;
}

/** The unsubscribe form (spec 2.2): an e-mail or a phone in a valid format, with the signature of the e-mailed link (`sig`). */
export class UnsubscribeDto {
  @ValidateIf((o: UnsubscribeDto) => !o.phone)
  @Filled(Messages.required)
  @MatchesIfFilled(EMAIL_PATTERN, Messages.invalidEmail)
  email?: string;

  @ValidateIf((o: UnsubscribeDto) => !o.email)
  @Filled(Messages.required)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone?: string;

  @IsOptional()
  @IsString({ message: Messages.badRequest })
  @MaxLength(200, { message: Messages.badRequest })
  sig?: string;
}

/**
 * Unsubscribe as identity receives it: the form with the link's `sig`; without one, only the signed-in owner of
 * the address (identity receives the bearer token as `token`).
 */
export class UnsubscribeRequest extends UnsubscribeDto {
  @IsOptional()
  @IsString({ message: Messages.badRequest })
  @MaxLength(4000, { message: Messages.badRequest })
  token?: string;
}

/** `identity.delivery-secret.get` / `.forget`: the reference an identity event carries instead of its secret. */
export class DeliverySecretRequest {
  @IsString({ message: Messages.badRequest })
  @MaxLength(100, { message: Messages.badRequest })
  secretRef: string;
}

/** `identity.user.contact` (notifications only): where to send a user's alert. */
export class UserContactRequest {
  @IsInt({ message: Messages.badRequest })
  @Min(1, { message: Messages.badRequest })
  userId: number;
}

/** The signed-in user's commands as identity receives them (the caller travels in the `x-caller` header). */
export class UpdateUserCommand extends UserSettingsDto {
}

export class ChangePasswordCommand extends ChangePasswordRequest {
}

/** The phone given at checkout, for a profile without one (`identity.user.phone-fill`). */
export class FillPhoneCommand {
  @Filled(Messages.requiredPhone)
  @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phone: string;
}

/** A favourite to add or remove: a product slug. */
export class FavoriteDto {
  @Filled(Messages.badRequest)
  @MatchesIfFilled(/^[a-z0-9-]{1,200}$/, Messages.badRequest)
  productSlug: string;
}

/** storeUserGeoLocation: the browser's position. */
export class GeoLocationDto {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.badRequest })
  @Min(-90, { message: Messages.badRequest })
  @Max(90, { message: Messages.badRequest })
  lat: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: Messages.badRequest })
  @Min(-180, { message: Messages.badRequest })
  @Max(180, { message: Messages.badRequest })
  lng: number;
}

/** accessBusiness: the business (its slug, as `GET /api/user/businesses` lists it); the caller travels in the `x-caller` header. */
export class BusinessAccessCommand {
  @IsString({ message: Messages.businessNotFound })
  // A slug, or a slug with its kind (`pharmacy:<slug>`, `company:<slug>`) where a company and a pharmacy share it.
  @Matches(/^(?:(?:pharmacy|company):)?[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: Messages.businessNotFound })
  @MaxLength(100, { message: Messages.businessNotFound })
  businessId: string;
}

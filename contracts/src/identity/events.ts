import { IsInt, IsOptional, IsString, Min } from 'class-validator';

/** `evt.identity.sessions.ended`: the account's token version grew; identity puts the current one in `TOKEN_VERSIONS_BUCKET`. */
export class SessionsEndedEvent {
  @IsInt() @Min(1) userId: number;
}

/**
 * `evt.identity.activation.requested` and `evt.identity.password-reset.requested`: an e-mail with a single-use link.
 * The event carries no secret: the raw token waits in identity under `secretRef` (`identity.delivery-secret.get`)
 * until notifications has sent the e-mail and forgets it (`identity.delivery-secret.forget`).
 */
export class AccountLinkEvent {
  @IsInt() userId: number;
  @IsString() email: string;
  @IsString() firstName: string;
  @IsString() secretRef: string;
  @IsString() expiresAt: string;
}

/** `evt.identity.*.asked`: a request answered at once and worked on after answering (no timing tells whether an account exists). */
export class AccountAskedEvent {
  @IsOptional() @IsString() email?: string;
  @IsOptional() @IsString() phone?: string;
}

/** `evt.identity.sms-code.requested`: a sign-in code to text to a phone; the code waits in identity under `secretRef`. */
export class SmsCodeEvent {
  @IsString() phone: string;
  @IsString() secretRef: string;
}

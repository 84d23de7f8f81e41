import { Inject, Injectable } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { ConsumesEvents, type ConsumedEvent, type Tx } from '@mc/kit';
import { AuthService } from '../auth/auth.service';
import { SmsCodes } from '../auth/sms-codes.service';

export const ACCOUNT_ASKS_DURABLE = 'identity-account-asks';

/**
 * The work of forgot-password, resend-activation and SMS requests, done after their answer (which is the same,
 * in the same time, whether or not an account matches): identity's own `evt.identity.*.asked` events, durable
 * in its stream and done once each.
 */
@Injectable()
export class AccountAsks {
  constructor(
    @Inject(AuthService) private readonly accounts: AuthService,
    @Inject(SmsCodes) private readonly sms: SmsCodes,
  ) {}

  @ConsumesEvents(ACCOUNT_ASKS_DURABLE)
  async asked(event: ConsumedEvent<'evt.identity.*.asked'>, tx: Tx): Promise<void> {
    const { data } = event;
    if (event.type === Events.identity.passwordResetAsked && data.email) await this.accounts.sendReset(tx, data.email);
    else if (event.type === Events.identity.activationResendAsked && data.email) await this.accounts.sendActivationAgain(tx, data.email);
    else if (event.type === Events.identity.smsCodeAsked && data.phone) await this.sms.sendCode(tx, data.phone);
  }
}

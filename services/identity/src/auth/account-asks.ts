import { Inject, Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@mc/contracts';
import { EventConsumers } from '@mc/kit';
import { AccountsService } from './accounts.service';
import { AuthModule } from './auth.handlers';
import { SmsCodes, SmsModule } from './sms-codes';

export const ACCOUNT_ASKS_DURABLE = 'identity-account-asks';

/**
 * The work of forgot-password, resend-activation and SMS requests, done after their answer (which is the same,
 * in the same time, whether or not an account matches): identity's own `evt.identity.*.asked` events, durable
 * in its stream and done once each.
 */
@Injectable()
export class AccountAsks implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumers) private readonly consumers: EventConsumers,
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(SmsCodes) private readonly sms: SmsCodes,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.start({
      from: 'identity',
      durable: ACCOUNT_ASKS_DURABLE,
      filterSubject: 'evt.identity.*.asked',
      handler: async (event, tx) => {
        const { data } = event;
        if (event.type === Events.identity.passwordResetAsked && data.email) await this.accounts.sendReset(tx, data.email);
        else if (event.type === Events.identity.activationResendAsked && data.email) await this.accounts.sendActivationAgain(tx, data.email);
        else if (event.type === Events.identity.smsCodeAsked && data.phone) await this.sms.sendCode(tx, data.phone);
      },
    });
  }
}

@Module({ imports: [AuthModule, SmsModule], providers: [AccountAsks] })
export class AccountAsksModule {}

import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { AccountEmailsConsumer } from './account-emails.consumer';

/** What notifications consumes: identity's account events, turned into e-mails and texts. */
@Module({ imports: [EmailModule], providers: [AccountEmailsConsumer] })
export class EventsModule {}

import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { AccountEmailsConsumer } from './account-emails.consumer';
import { AlertMessagesConsumer } from './alert-messages.consumer';
import { OrderEmailsConsumer } from './order-emails.consumer';

/** What notifications consumes: identity's account events, order's order events and pharm's due alerts, turned into e-mails and texts. */
@Module({ imports: [EmailModule], providers: [AccountEmailsConsumer, OrderEmailsConsumer, AlertMessagesConsumer] })
export class EventsModule {}

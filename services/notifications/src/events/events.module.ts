import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { AccountEmailsConsumer } from './account-emails.consumer';
import { OrderEmailsConsumer } from './order-emails.consumer';

/** What notifications consumes: identity's account events and order's order events, turned into e-mails and texts. */
@Module({ imports: [EmailModule], providers: [AccountEmailsConsumer, OrderEmailsConsumer] })
export class EventsModule {}

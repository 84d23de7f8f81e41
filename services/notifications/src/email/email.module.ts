import { Module } from '@nestjs/common';
import { DevMailbox } from './dev-mailbox';
import { MailboxHandlers } from './mailbox.handlers';
import { MailQueue } from './mail-queue';

/** Storing and queuing e-mails and texts, and the development mailbox (sent by `SendingModule`). */
@Module({ controllers: [MailboxHandlers], providers: [MailQueue, DevMailbox], exports: [MailQueue, DevMailbox] })
export class EmailModule {}

import { Module } from '@nestjs/common';
import { DevMailbox } from './dev-mailbox';
import { IdentitySecrets } from './identity-secrets';
import { MailboxHandlers } from './mailbox.handlers';
import { MailQueue } from './mail-queue';

/** Sending e-mails and texts (the queue, the secrets they carry from identity) and the development mailbox. */
@Module({ controllers: [MailboxHandlers], providers: [MailQueue, DevMailbox, IdentitySecrets], exports: [MailQueue, DevMailbox] })
export class EmailModule {}

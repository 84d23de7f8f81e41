import { Module } from '@nestjs/common';
import { DocumentsSender } from './documents/documents-sender';
import { DevMailbox } from './email/dev-mailbox';
import { IdentitySecrets } from './email/identity-secrets';
import { MailSender } from './email/mail-sender';

/** notifications' worker (`dist/worker.js`): the BullMQ workers that send e-mails, texts and documents. */
@Module({ providers: [MailSender, DocumentsSender, DevMailbox, IdentitySecrets] })
export class SendingModule {}

import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Messages, Subjects, type MailboxResponse } from '@mc/contracts';
import { notFound } from '@mc/kit';
import { DevMailbox } from './dev-mailbox';

/** `notifications.mailbox.list`: the latest e-mails and texts as sent, in a development environment only (texts show their codes). */
@Controller()
export class MailboxHandlers {
  constructor(@Inject(DevMailbox) private readonly mailbox: DevMailbox) {}

  @MessagePattern(Subjects.notifications.mailboxList)
  async list(): Promise<MailboxResponse> {
    if (!this.mailbox.enabled) throw notFound(Messages.pageNotFound);
    return { messages: await this.mailbox.list() };
  }
}

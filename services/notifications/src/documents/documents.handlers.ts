import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DocumentsSendCommand, Subjects } from '@mc/contracts';
import { DocumentsQueue } from './documents-queue';

/** `notifications.documents.send` (the gateway): queues the e-mails of sealed documents to the pharmacies. */
@Controller()
export class DocumentsHandlers {
  constructor(@Inject(DocumentsQueue) private readonly delivery: DocumentsQueue) {}

  @MessagePattern(Subjects.notifications.documentsSend)
  async send(@Payload() command: DocumentsSendCommand): Promise<{ ok: true }> {
    await this.delivery.enqueue(command);
    return { ok: true };
  }
}

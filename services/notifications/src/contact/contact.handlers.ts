import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactDto, Subjects } from '@mc/contracts';
import { ContactService } from './contact.service';

/** `notifications.contact.create`: a visitor's message, kept and forwarded to the operator. */
@Controller()
export class ContactHandlers {
  constructor(@Inject(ContactService) private readonly contacts: ContactService) {}

  @MessagePattern(Subjects.notifications.contactCreate)
  create(@Payload() contact: ContactDto): Promise<{ id: number }> {
    return this.contacts.create(contact);
  }
}

import { Controller, Inject, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactDto, Subjects } from '@mc/contracts';
import { currentCorrelationId, DATABASE, type Database } from '@mc/kit';
import { contactMessages } from '../db/schema';

/** `notifications.contact.create`: keeps a visitor's message (fields trimmed) for the support team. */
@Controller()
export class ContactHandlers {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @MessagePattern(Subjects.notifications.contactCreate)
  async create(@Payload() contact: ContactDto): Promise<{ id: number }> {
    const [row] = await this.db
      .insert(contactMessages)
      .values({
        name: contact.name.trim(),
        email: contact.email.trim(),
        phone: contact.phone.trim(),
        message: contact.message.trim(),
        correlationId: currentCorrelationId() ?? null,
      })
      .returning({ id: contactMessages.id });
    return { id: row.id };
  }
}

@Module({ controllers: [ContactHandlers] })
export class ContactModule {}

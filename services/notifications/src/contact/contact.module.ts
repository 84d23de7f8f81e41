import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { ContactHandlers } from './contact.handlers';
import { ContactService } from './contact.service';

@Module({ imports: [EmailModule], controllers: [ContactHandlers], providers: [ContactService] })
export class ContactModule {}

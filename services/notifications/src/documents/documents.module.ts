import { Module } from '@nestjs/common';
import { EmailModule } from '../email/email.module';
import { DocumentsDelivery } from './documents-delivery';
import { DocumentsHandlers } from './documents.handlers';

/** Patients' documents, e-mailed to the pharmacies of their orders. */
@Module({ imports: [EmailModule], controllers: [DocumentsHandlers], providers: [DocumentsDelivery] })
export class DocumentsModule {}

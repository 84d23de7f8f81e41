import { Module } from '@nestjs/common';
import { DocumentsQueue } from './documents-queue';
import { DocumentsHandlers } from './documents.handlers';

/** Patients' documents, queued for the e-mails to the pharmacies of their orders (sent by `SendingModule`). */
@Module({ controllers: [DocumentsHandlers], providers: [DocumentsQueue] })
export class DocumentsModule {}

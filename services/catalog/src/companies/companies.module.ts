import { Module } from '@nestjs/common';
import { CompaniesHandlers } from './companies.handlers';
import { CompaniesReader } from './companies.reader';
import { CompaniesWriter } from './companies.writer';

@Module({ controllers: [CompaniesHandlers], providers: [CompaniesReader, CompaniesWriter], exports: [CompaniesWriter] })
export class CompaniesModule {}

import { Module } from '@nestjs/common';
import { CompaniesHandlers } from './companies.handlers';
import { CompaniesReader } from './companies.reader';

/** A cannabis company's market (issue 29): reads only; stock-outs are recorded by a trigger, the daily snapshots by the worker. */
@Module({ controllers: [CompaniesHandlers], providers: [CompaniesReader] })
export class CompaniesModule {}

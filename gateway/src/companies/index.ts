import type { Type } from '@nestjs/common';
import { CompaniesController } from './companies.controller';

/** Cannabis companies: their management routes and the admin's prices report. */
export const companyControllers: Type<unknown>[] = [CompaniesController];

import type { Type } from '@nestjs/common';
import { ManageCompaniesController, ManagePharmsController } from './businesses.controller';
import { ManageUsersController } from './users.controller';

/** The operator's console (API.md "Operator's console"): pharmacies, memberships, users and the record. */
export const manageControllers: Type<unknown>[] = [ManagePharmsController, ManageCompaniesController, ManageUsersController];

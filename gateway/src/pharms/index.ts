import type { Type } from '@nestjs/common';
import { DiscountsController } from './discounts.controller';
import { PharmsController } from './pharms.controller';

/** The routes of API.md answered by the pharm service (with shipping-quote where a page needs both). */
export const pharmControllers: Type<unknown>[] = [PharmsController, DiscountsController];

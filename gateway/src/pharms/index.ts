import type { Type } from '@nestjs/common';

/** The routes of API.md answered by the pharm service (with shipping-quote where a page needs both). */
export const pharmControllers: Type<unknown>[] = [];

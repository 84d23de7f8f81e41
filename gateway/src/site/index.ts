import type { Type } from '@nestjs/common';
import { LocationsController } from './locations.controller';

/** Site-wide routes: locations and the like. */
export const siteControllers: Type<unknown>[] = [LocationsController];

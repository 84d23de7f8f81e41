import type { Type } from '@nestjs/common';
import { ContentController } from './content.controller';
import { LocationsController } from './locations.controller';
import { MediaController } from './media.controller';

/** Site-wide routes: layout, search, content, locations, product images. */
export const siteControllers: Type<unknown>[] = [LocationsController, ContentController, MediaController];

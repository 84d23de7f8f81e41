import type { Type } from '@nestjs/common';
import { AddressesController } from './addresses.controller';
import { ContactController } from './contact.controller';
import { ContentController } from './content.controller';
import { LocationsController } from './locations.controller';
import { MediaController } from './media.controller';
import { PresenceController } from './presence.controller';
import { SeoController } from './seo.controller';

/** Site-wide routes: layout, search, content, locations, address search, images, robots.txt, sitemap.xml, presence and the contact form. */
export const siteControllers: Type<unknown>[] = [LocationsController, AddressesController, ContentController, MediaController, SeoController, PresenceController, ContactController];

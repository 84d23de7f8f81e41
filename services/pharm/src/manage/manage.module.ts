import { Module } from '@nestjs/common';
import { ManageHandlers } from './manage.handlers';
import { ManageService } from './manage.service';
import { PharmPlaces } from './pharm-places';

/** The operator's console, pharm's part (`pharm.manage.*`). */
@Module({ controllers: [ManageHandlers], providers: [ManageService, PharmPlaces] })
export class ManageModule {}

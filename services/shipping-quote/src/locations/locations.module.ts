import { Module } from '@nestjs/common';
import { LocationsHandlers } from './locations.handlers';
import { LocationsService } from './locations.service';

@Module({ controllers: [LocationsHandlers], providers: [LocationsService], exports: [LocationsService] })
export class LocationsModule {}

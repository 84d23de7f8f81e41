import { Module } from '@nestjs/common';
import { ShipmentsHandlers } from './shipments.handlers';
import { ShipmentsService } from './shipments.service';

@Module({ controllers: [ShipmentsHandlers], providers: [ShipmentsService], exports: [ShipmentsService] })
export class ShipmentsModule {}

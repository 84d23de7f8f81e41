import { Module } from '@nestjs/common';
import { MediaHandlers } from './media.handlers';
import { MediaService } from './media.service';

@Module({ controllers: [MediaHandlers], providers: [MediaService] })
export class MediaModule {}

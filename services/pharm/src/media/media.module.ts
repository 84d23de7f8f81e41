import { Module } from '@nestjs/common';
import { PharmDirectoryModule } from '../offers/pharm-directory.module';
import { MediaHandlers } from './media.handlers';
import { MediaReader } from './media.reader';

@Module({ imports: [PharmDirectoryModule], controllers: [MediaHandlers], providers: [MediaReader] })
export class MediaModule {}

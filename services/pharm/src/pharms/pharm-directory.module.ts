import { Module } from '@nestjs/common';
import { PharmDirectory } from './pharm-directory';

@Module({ providers: [PharmDirectory], exports: [PharmDirectory] })
export class PharmDirectoryModule {}

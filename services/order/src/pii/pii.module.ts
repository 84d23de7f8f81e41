import { Module } from '@nestjs/common';
import { PiiKeys } from './pii-keys.service';

/** The key pair of the patients' ID numbers: checkout encrypts and checks with it, a pharmacy's member reads with it. */
@Module({ providers: [PiiKeys], exports: [PiiKeys] })
export class PiiModule {}

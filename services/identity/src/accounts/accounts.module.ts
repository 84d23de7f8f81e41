import { Module } from '@nestjs/common';
import { HashPool } from './hash-pool';
import { KeysModule } from '../keys/keys.module';
import { Accounts } from './accounts.service';
import { TokenVersionsWriter } from './token-versions.writer';

/** The account behind a token, the tokens of an account, and password hashing: for every module of identity. */
@Module({ imports: [KeysModule], providers: [Accounts, HashPool, TokenVersionsWriter], exports: [Accounts, HashPool, TokenVersionsWriter, KeysModule] })
export class AccountsModule {}

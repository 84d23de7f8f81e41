import { Module } from '@nestjs/common';
import { HashPool } from './hash-pool';
import { KeysModule } from '../keys/keys.module';
import { Accounts } from './accounts.service';

/** The account behind a token, the tokens of an account, and password hashing: for every module of identity. */
@Module({ imports: [KeysModule], providers: [Accounts, HashPool], exports: [Accounts, HashPool, KeysModule] })
export class AccountsModule {}

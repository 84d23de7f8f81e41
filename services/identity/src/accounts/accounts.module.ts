import { Module } from '@nestjs/common';
import { HashPool } from './hash-pool';
import { AuditModule } from '../audit/audit.module';
import { KeysModule } from '../keys/keys.module';
import { Accounts } from './accounts.service';
import { Invitations } from './invitations';
import { TokenVersionsWriter } from './token-versions.writer';

/** The account behind a token, the tokens of an account, and password hashing: for every module of identity. */
@Module({
  imports: [KeysModule, AuditModule],
  providers: [Accounts, HashPool, TokenVersionsWriter, Invitations],
  exports: [Accounts, HashPool, TokenVersionsWriter, Invitations, KeysModule, AuditModule],
})
export class AccountsModule {}

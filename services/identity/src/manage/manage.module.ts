import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuthModule } from '../auth/auth.module';
import { ManageHandlers } from './manage.handlers';
import { ManageMembers } from './members.service';
import { ManageUsers } from './users.service';

/** The operator's console (admins only): accounts, memberships and invitations, the record. */
@Module({ imports: [AccountsModule, AuthModule], controllers: [ManageHandlers], providers: [ManageUsers, ManageMembers] })
export class ManageModule {}

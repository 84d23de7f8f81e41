import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AddressHandlers } from './addresses.handlers';
import { AddressBook } from './addresses.service';

@Module({ imports: [AccountsModule], controllers: [AddressHandlers], providers: [AddressBook] })
export class AddressesModule {}

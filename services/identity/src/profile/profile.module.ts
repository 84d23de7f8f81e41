import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ProfileHandlers } from './profile.handlers';
import { ProfileService } from './profile.service';

@Module({ imports: [AccountsModule], controllers: [ProfileHandlers], providers: [ProfileService] })
export class ProfileModule {}

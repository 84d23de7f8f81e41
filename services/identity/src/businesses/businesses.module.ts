import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { BusinessesHandlers } from './businesses.handlers';
import { BusinessesService } from './businesses.service';

@Module({ imports: [AccountsModule], controllers: [BusinessesHandlers], providers: [BusinessesService] })
export class BusinessesModule {}

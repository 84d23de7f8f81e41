import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { FavouritesHandlers } from './favourites.handlers';
import { FavouritesService } from './favourites.service';

@Module({ imports: [AccountsModule], controllers: [FavouritesHandlers], providers: [FavouritesService] })
export class FavouritesModule {}

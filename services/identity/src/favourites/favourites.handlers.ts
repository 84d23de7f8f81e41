import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FavoriteDto, Subjects, type FavoriteSlugsResponse } from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { FavouritesService } from './favourites.service';

/** The signed-in user's favourite products. */
@Controller()
export class FavouritesHandlers {
  constructor(@Inject(FavouritesService) private readonly accounts: FavouritesService) {}

  @MessagePattern(Subjects.identity.favoritesList)
  @RequireUser()
  favorites(@Caller() caller: Caller): Promise<FavoriteSlugsResponse> {
    return this.accounts.favorites(caller.token);
  }

  @MessagePattern(Subjects.identity.favoriteAdd)
  @RequireUser()
  addFavorite(@Caller() caller: Caller, @Payload() dto: FavoriteDto): Promise<FavoriteSlugsResponse> {
    return this.accounts.addFavorite(caller.token, dto.productSlug);
  }

  @MessagePattern(Subjects.identity.favoriteRemove)
  @RequireUser()
  removeFavorite(@Caller() caller: Caller, @Payload() dto: FavoriteDto): Promise<FavoriteSlugsResponse> {
    return this.accounts.removeFavorite(caller.token, dto.productSlug);
  }
}

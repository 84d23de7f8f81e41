import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CartItemCommand, CartItemRemoveCommand, CartStoreCommand, Subjects, type ServerCart } from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { CartsService } from './carts.service';

/** The signed-in user's server cart; the user is the verified caller, never a field of the payload. */
@Controller()
export class CartsHandlers {
  constructor(@Inject(CartsService) private readonly carts: CartsService) {}

  @MessagePattern(Subjects.cart.cartGet)
  @RequireUser()
  get(@Caller() caller: Caller): Promise<ServerCart> {
    return this.carts.get(caller.userId);
  }

  @MessagePattern(Subjects.cart.cartStore)
  @RequireUser()
  store(@Caller() caller: Caller, @Payload() dto: CartStoreCommand): Promise<ServerCart> {
    return this.carts.store(caller.userId, dto.cartItems.map(({ pharmProductId, amount }) => ({ pharmProductId, amount })));
  }

  @MessagePattern(Subjects.cart.itemAdd)
  @RequireUser()
  add(@Caller() caller: Caller, @Payload() dto: CartItemCommand): Promise<ServerCart> {
    return this.carts.add(caller.userId, dto.pharmProductId, dto.amount);
  }

  @MessagePattern(Subjects.cart.itemUpdate)
  @RequireUser()
  update(@Caller() caller: Caller, @Payload() dto: CartItemCommand): Promise<ServerCart> {
    return this.carts.update(caller.userId, dto.pharmProductId, dto.amount);
  }

  @MessagePattern(Subjects.cart.itemRemove)
  @RequireUser()
  remove(@Caller() caller: Caller, @Payload() dto: CartItemRemoveCommand): Promise<ServerCart> {
    return this.carts.remove(caller.userId, dto.pharmProductId);
  }
}

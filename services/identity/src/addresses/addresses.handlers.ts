import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AddressCommand, AddressRemoveCommand, AddressUpdateCommand, Subjects } from '@mc/contracts';
import { Caller, RequireUser } from '@mc/kit';
import { AddressBook } from './addresses.service';

/** The signed-in user's shipping addresses. */
@Controller()
export class AddressHandlers {
  constructor(@Inject(AddressBook) private readonly book: AddressBook) {}

  @MessagePattern(Subjects.identity.addressList)
  @RequireUser()
  list(@Caller() caller: Caller) {
    return this.book.list(caller.token);
  }

  @MessagePattern(Subjects.identity.addressCreate)
  @RequireUser()
  create(@Caller() caller: Caller, @Payload() dto: AddressCommand) {
    return this.book.create(caller.token, dto);
  }

  @MessagePattern(Subjects.identity.addressUpdate)
  @RequireUser()
  update(@Caller() caller: Caller, @Payload() dto: AddressUpdateCommand) {
    return this.book.update(caller.token, dto.id, dto);
  }

  @MessagePattern(Subjects.identity.addressRemove)
  @RequireUser()
  remove(@Caller() caller: Caller, @Payload() dto: AddressRemoveCommand) {
    return this.book.remove(caller.token, dto.id);
  }
}

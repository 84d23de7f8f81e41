import { IsBoolean, IsOptional, ValidateIf } from 'class-validator';
import { Messages } from '../messages';
import { ADDRESS_PATTERN } from '../rules/patterns';
import { Apply, Filled, INT4_MAX, IntInRange, MatchesIfFilled, NoControlChars, ToOptionalNumber } from './decorators';

/** An address's fields, validated alike in the address book (`AddressDto`) and in an order's new address (`ShippingAddressDto`). */
export const AddressField = {
  address: () => Apply(Filled(Messages.required), MatchesIfFilled(ADDRESS_PATTERN, Messages.invalidAddress)),
  houseNumber: () => Apply(Filled(Messages.required), MatchesIfFilled(/^[\s\S]{1,20}$/, Messages.invalidName), NoControlChars(Messages.invalidName)),
  floor: () => Apply(ToOptionalNumber(), IsOptional(), IntInRange(-10, 300, Messages.invalidName)),
  apartment: () => Apply(ToOptionalNumber(), IsOptional(), IntInRange(0, 99_999, Messages.invalidName)),
};

/** A delivery address, in checkout and in the settings address book. */
export class AddressDto {
  @AddressField.address()
  address: string;

  @AddressField.houseNumber()
  houseNumber: string;

  @AddressField.floor()
  floor?: number;

  @AddressField.apartment()
  apartment?: number;

  @ValidateIf((o: AddressDto) => o.isDefault !== undefined)
  @IsBoolean({ message: Messages.invalidName })
  isDefault?: boolean;
}

/** The address book's commands as identity receives them (the caller travels in the `x-caller` header). */
export class AddressCommand extends AddressDto {
}

export class AddressUpdateCommand extends AddressCommand {
  @IntInRange(1, INT4_MAX, Messages.badRequest)
  id: number;
}

export class AddressRemoveCommand {
  @IntInRange(1, INT4_MAX, Messages.badRequest)
  id: number;
}

import { IsBoolean, IsOptional, ValidateIf } from 'class-validator';
import { Messages } from '../messages';
import { ADDRESS_PATTERN } from '../rules/patterns';
import { Filled, INT4_MAX, IntInRange, MatchesIfFilled, NoControlChars, ToOptionalNumber } from './decorators';

/** An optional whole number within [min, max], from a number or its text (an empty field is none). */
function OptionalNumberIn(min: number, max: number): PropertyDecorator {
  return (target, property) => {
    // In the order the three decorators written one above the other would apply: the lowest first.
    IntInRange(min, max, Messages.invalidName)(target, property);
    IsOptional()(target, property);
    ToOptionalNumber()(target, property);
  };
}

/** An address's floor (a basement is below 0), here and in checkout's typed address. */
export const Floor = (): PropertyDecorator => OptionalNumberIn(-10, 300);
/** An address's apartment number, here and in checkout's typed address. */
export const Apartment = (): PropertyDecorator => OptionalNumberIn(0, 99_999);

/** A delivery address, in checkout and in the settings address book. */
export class AddressDto {
  @Filled(Messages.required)
  @MatchesIfFilled(ADDRESS_PATTERN, Messages.invalidAddress)
  address: string;

  @Filled(Messages.required)
  @MatchesIfFilled(/^[\s\S]{1,20}$/, Messages.invalidName)
  @NoControlChars(Messages.invalidName)
  houseNumber: string;

  @Floor()
  floor?: number;

  @Apartment()
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

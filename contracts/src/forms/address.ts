import { IsBoolean, IsOptional, ValidateIf } from 'class-validator';
import { Messages } from '../messages';
import { ADDRESS_PATTERN } from '../rules/patterns';
import { Filled, INT4_MAX, IntInRange, MatchesIfFilled, NoControlChars, ToOptionalNumber } from './decorators';

/** A delivery address, in checkout and in the settings address book. */
export class AddressDto {
  @Filled(Messages.required)
  @MatchesIfFilled(ADDRESS_PATTERN, Messages.invalidAddress)
  address: string;

  @Filled(Messages.required)
  @MatchesIfFilled(/^[\s\S]{1,20}$/, Messages.invalidName)
  @NoControlChars(Messages.invalidName)
  houseNumber: string;

  @ToOptionalNumber()
  @IsOptional()
  @IntInRange(-10, 300, Messages.invalidName)
  floor?: number;

  @ToOptionalNumber()
  @IsOptional()
  @IntInRange(0, 99_999, Messages.invalidName)
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

import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { Messages } from '../messages';
import { ADDRESS_PATTERN } from '../rules/patterns';
import { Filled, MatchesIfFilled, ToOptionalNumber } from './decorators';

/** A delivery address, in checkout and in the settings address book. */
export class AddressDto {
  @Filled(Messages.required)
  @MatchesIfFilled(ADDRESS_PATTERN, Messages.invalidAddress)
  address: string;

  @Filled(Messages.required)
  houseNumber: string;

  @ToOptionalNumber()
  @IsOptional()
  @IsInt({ message: Messages.invalidName })
  floor?: number;

  @ToOptionalNumber()
  @IsOptional()
  @IsInt({ message: Messages.invalidName })
  apartment?: number;

  @IsOptional()
  @IsBoolean({ message: Messages.invalidName })
  isDefault?: boolean;
}

/** The address book's commands as identity receives them: the bearer token beside the form. */
export class AddressCommand extends AddressDto {
  @Filled(Messages.required)
  token: string;
}

export class AddressUpdateCommand extends AddressCommand {
  @IsInt({ message: Messages.badRequest })
  @Min(1, { message: Messages.badRequest })
  id: number;
}

export class AddressRemoveCommand {
  @Filled(Messages.required)
  token: string;

  @IsInt({ message: Messages.badRequest })
  @Min(1, { message: Messages.badRequest })
  id: number;
}

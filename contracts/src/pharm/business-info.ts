import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { Filled, MatchesIfFilled, NoControlChars, Trim } from '../forms/decorators';
import { Messages } from '../messages';
import { PHONE_PATTERN } from '../rules/patterns';
import { BusinessRequest, NestedList } from '../business/common';
import { BusinessMessages } from '../business/messages';

const invalid = { message: Messages.badRequest };

/** `PATCH /api/business/{businessId}` (`pharm.business.update`): spec §5 "Pharmacy info"; the address is read-only. */
export class BusinessUpdateCommand extends BusinessRequest {
  @Trim() @Filled(BusinessMessages.required) @MaxLength(100, invalid) @NoControlChars(Messages.badRequest)
  name: string;

  @Trim() @Filled(BusinessMessages.required) @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  phoneNumber: string;

  @IsOptional() @Trim() @MatchesIfFilled(PHONE_PATTERN, Messages.invalidPhone)
  whatsappNumber?: string | null;

  @IsOptional() @Trim() @IsString(invalid) @MaxLength(200, invalid) @NoControlChars(Messages.badRequest)
  wazeAddress?: string | null;
}

/** HH:mm, or HH:mm:ss as the spec's payload has it (seconds are dropped). */
export const OPENING_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
export const WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'] as const;
/** Slots of one day at most (a day can have many, spec §5). */
export const MAX_SLOTS_PER_DAY = 6;

export class OpeningHoursSlotInput {
  @IsIn(WEEKDAYS as unknown as string[], invalid)
  dayOfWeek: string;

  @IsString({ message: BusinessMessages.required }) @Matches(OPENING_TIME_PATTERN, { message: BusinessMessages.required })
  opensAt: string;

  @IsString({ message: BusinessMessages.required }) @Matches(OPENING_TIME_PATTERN, { message: BusinessMessages.required })
  closesAt: string;
}

/**
 * `PUT /api/business/{businessId}/opening-hours` (`pharm.business.hours-update`): the spec's flat list of slots; the
 * week is replaced as a whole (a day with no slot is closed). Answers the stored `OpeningHours` (times HH:mm).
 */
export class OpeningHoursUpdateCommand extends BusinessRequest {
  @IsArray(invalid) @ArrayMaxSize(7 * MAX_SLOTS_PER_DAY, invalid)
  @ValidateNested({ each: true })
  @NestedList(OpeningHoursSlotInput)
  openingHours: OpeningHoursSlotInput[];
}

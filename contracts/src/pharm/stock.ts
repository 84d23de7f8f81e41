import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsUUID, ValidateNested } from 'class-validator';
import { Messages } from '../messages';
import { INT4_MAX, IntInRange } from '../forms/decorators';

const invalid = { message: Messages.badRequest };

/** One offer's units in an order about to be placed. */
export class StockReserveLine {
  @IntInRange(1, INT4_MAX, Messages.badRequest)
  pharmProductId: number;

  @IntInRange(1, 10_000, Messages.badRequest)
  quantity: number;
}

/**
 * `pharm.stock.reserve` (order only): the units of every line of a batch, taken at once or not at all. The batch uid
 * makes it idempotent: the same batch again takes nothing more.
 */
export class StockReserveCommand {
  @IsUUID('4', invalid)
  batchUid: string;

  @IsArray(invalid) @ArrayMinSize(1, invalid) @ArrayMaxSize(100, invalid)
  @ValidateNested({ each: true })
  @Transform(({ value }) => (Array.isArray(value) ? value.map((v) => (v && typeof v === 'object' ? Object.assign(new StockReserveLine(), v) : v)) : value))
  lines: StockReserveLine[];
}

/** `pharm.stock.release` (order only): the batch's order was not placed; what it reserved goes back. */
export class StockReleaseCommand {
  @IsUUID('4', invalid)
  batchUid: string;
}

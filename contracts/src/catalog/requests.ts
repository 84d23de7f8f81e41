import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Messages } from '../messages';
import { SLUG_PATTERN } from './product';

// Apart from the product's types and constants, so that the web's first bundle takes those without class-validator.
/** Payload of `catalog.product.get`. */
export class GetProductRequest {
  @IsString({ message: Messages.invalidUrl })
  @IsNotEmpty({ message: Messages.invalidUrl })
  @MaxLength(200, { message: Messages.invalidUrl })
  @Matches(SLUG_PATTERN, { message: Messages.invalidUrl })
  slug: string;
}

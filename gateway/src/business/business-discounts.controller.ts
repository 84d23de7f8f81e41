import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

/** Back office (API.md "Back office"): filled in by its slice. */
@ApiTags('business')
@Controller('business/:businessId')
export class BusinessDiscountsController {}

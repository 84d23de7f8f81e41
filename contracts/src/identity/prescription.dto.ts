import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn } from 'class-validator';
import { IntInRange, ToOptionalNumber } from '../forms/decorators';
import { Messages } from '../messages';
import { PRESCRIPTION_CATEGORIES, PRESCRIPTION_LIMITS, type PrescriptionCategory } from './prescription';

const { maxCategories, minMonthlyGrams, maxMonthlyGrams } = PRESCRIPTION_LIMITS;

/** "My prescription" as the account form and `PUT /api/user/prescription` send it (and identity receives it). */
export class PrescriptionDto {
  @IsArray({ message: Messages.prescriptionCategoriesRequired })
  @ArrayMinSize(1, { message: Messages.prescriptionCategoriesRequired })
  @ArrayMaxSize(maxCategories, { message: Messages.prescriptionTooManyCategories })
  @ArrayUnique({ message: Messages.prescriptionCategoryInvalid })
  @IsIn(PRESCRIPTION_CATEGORIES, { each: true, message: Messages.prescriptionCategoryInvalid })
  categories: PrescriptionCategory[];

  @ToOptionalNumber()
  @IntInRange(minMonthlyGrams, maxMonthlyGrams, Messages.prescriptionMonthlyGrams)
  monthlyGrams: number;
}

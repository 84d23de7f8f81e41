import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { Messages } from '../messages';
import { DOSAGE_PATTERN } from '../rules/dosage';
import { matchesPrescription, PRESCRIPTION_CATEGORIES, PRESCRIPTION_LIMITS } from './prescription';
import { PrescriptionDto } from './prescription.dto';

const firstMessage = (plain: object) => {
  const [error] = validateSync(plainToInstance(PrescriptionDto, plain));
  return error ? Object.values(error.constraints ?? {})[0] : undefined;
};

describe('my prescription', () => {
  it('allows only T{n}/C{n} categories, each once', () => {
    expect(PRESCRIPTION_CATEGORIES.every((c) => DOSAGE_PATTERN.test(c))).toBe(true);
    expect(new Set(PRESCRIPTION_CATEGORIES).size).toBe(PRESCRIPTION_CATEGORIES.length);
  });

  it('takes 1 to 6 categories and whole grams within the limits (a typed number too)', () => {
    expect(firstMessage({ categories: ['T20/C4'], monthlyGrams: PRESCRIPTION_LIMITS.minMonthlyGrams })).toBeUndefined();
    expect(firstMessage({ categories: PRESCRIPTION_CATEGORIES.slice(0, 6), monthlyGrams: '300' })).toBeUndefined();
    expect(firstMessage({ categories: [], monthlyGrams: 30 })).toBe(Messages.prescriptionCategoriesRequired);
    expect(firstMessage({ categories: PRESCRIPTION_CATEGORIES.slice(0, 7), monthlyGrams: 30 })).toBe(Messages.prescriptionTooManyCategories);
    expect(firstMessage({ categories: ['T20/C5'], monthlyGrams: 30 })).toBe(Messages.prescriptionCategoryInvalid);
    expect(firstMessage({ categories: ['T20/C4'], monthlyGrams: '' })).toBe(Messages.prescriptionMonthlyGrams);
    expect(firstMessage({ categories: ['T20/C4'], monthlyGrams: 301 })).toBe(Messages.prescriptionMonthlyGrams);
  });

  it('matches a product whose dosage is one of the categories', () => {
    const prescription = { categories: ['T20/C4', 'T1/C20'] as const };
    expect(matchesPrescription('T20/C4', { categories: [...prescription.categories] })).toBe(true);
    expect(matchesPrescription('T15/C3', { categories: [...prescription.categories] })).toBe(false);
    expect(matchesPrescription(null, { categories: [...prescription.categories] })).toBe(false);
    expect(matchesPrescription('T20/C4', null)).toBe(false);
  });
});

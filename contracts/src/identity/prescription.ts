import type { ProductCard } from '../catalog';

/**
 * The T/C categories a patient may save in "my prescription": the categories of IMCA prescriptions that the catalogue
 * lists (the dosage values the seed and the pharmacies use). A prescription names categories, never strains (DOMAIN.md).
 */
export const PRESCRIPTION_CATEGORIES = [
  'T26/C1', 'T24/C1', 'T22/C1', 'T20/C4', 'T19/C1', 'T18/C3', 'T16/C2', 'T15/C3',
  'T14/C1', 'T12/C2', 'T10/C2', 'T10/C10', 'T8/C8', 'T5/C10', 'T3/C15', 'T1/C20',
] as const;
export type PrescriptionCategory = (typeof PRESCRIPTION_CATEGORIES)[number];

/** Ours: a prescription names a few categories and a monthly amount in grams. */
export const PRESCRIPTION_LIMITS = { maxCategories: 6, minMonthlyGrams: 1, maxMonthlyGrams: 300 } as const;

/**
 * "My prescription" (`GET/PUT/DELETE /api/user/prescription`): medical data, kept only by identity, shown only to its
 * owner; never in an event, a log line, a URL, or the shared page cache.
 */
export interface Prescription {
  categories: PrescriptionCategory[];
  monthlyGrams: number;
  updatedAt: string;
}

/** `identity.prescription.get`, and what a save answers: the saved prescription, or null when there is none. */
export interface PrescriptionResponse {
  prescription: Prescription | null;
}

/** Whether a product's dosage is one of the prescription's categories. */
export const matchesPrescription = (dosage: string | null | undefined, prescription: Pick<Prescription, 'categories'> | null | undefined): boolean =>
  !!dosage && !!prescription && (prescription.categories as readonly string[]).includes(dosage);

/** How many products the home page's "in stock near you in your categories" shows. */
export const PRESCRIPTION_PRODUCTS_SIZE = 8;

/**
 * `GET /api/user/prescription/products?lat&lng`: in-stock products of the caller's categories, the nearest stock first.
 * `near` says where distances are measured from: the browser's position (lat/lng), else the caller's default address,
 * else nowhere (no distances).
 */
export interface PrescriptionProductsResponse {
  products: { product: ProductCard; nearest: { pharmName: string; pharmSlug: string; distance: number | null } | null }[];
  near: 'position' | 'address' | null;
}
